/** The posts feature's public face: other features and the app import from here only. */
export { postKeys, type PostPage, type PostPages } from './api/keys';
export {
  findCachedPost,
  prependPost,
  removePostFromList,
  setViewer,
  takeFields,
  updatePost,
} from './api/post-cache';
export { useFeed, usePost, useSearchPosts, useTagPosts, useTimeline, useUserPosts } from './api/posts';
export { Composer } from './components/composer';
export { PostCard } from './components/post-card';
export { COMPOSER_ID, POST_CARD_ATTRIBUTE } from './dom';
export { PostList } from './components/post-list';
