/** The users feature's public face. */
export { PEOPLE_PAGE_COUNT, useEditProfile, useUser, type PeopleListKind } from './api/users';
export { FollowButton } from './components/follow-button';
export { PeopleList } from './components/people-list';
export { PersonRow } from './components/person-row';
export { PictureField } from './components/picture-field';
export { ProfileHeader } from './components/profile-header';
export { RecommendedPeople, SuggestedPeople } from './components/recommended-people';
