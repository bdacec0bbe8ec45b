/** The posts feature's public face: the app imports from here only. */
export { useFeed, usePost, useSearchPosts, useTagPosts, useTimeline, useUserPosts } from './api/posts';
export { AltReminderSetting } from './components/alt-reminder-setting';
export { PhoneComposeButton } from './components/phone-compose-button';
export { Composer } from './components/composer';
export { PostCard } from './components/post-card';
export { PostList } from './components/post-list';
export { PostQuotes } from './components/post-quotes';
export { QuotePolicySetting } from './components/quote-policy-setting';
