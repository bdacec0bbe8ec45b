/**
 * The user entity: the query keys of profiles and lists of people, shared by the users feature (which
 * reads and updates them) and the features whose changes alter a profile (a block ends follows).
 */
export { setFollowing } from './follow-cache';
export { userKeys, type PeopleListKind } from './keys';
