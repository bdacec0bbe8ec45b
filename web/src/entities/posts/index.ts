/**
 * The post entity: the one cache every list of posts and every post shares (its query keys, its page
 * shape and the helpers that update all copies in place) and the marks the posts' DOM carries. Features
 * that change a post (posts, bookmarks, comments, live) update it through here.
 */
export { chooseHomeTab, storedHomeTab, type HomeTab } from './home-tab';
export { postKeys, type PostPage, type PostPages } from './keys';
export {
  findCachedPost,
  flattenPages,
  prependPost,
  removePostFromList,
  removePostsBy,
  setViewer,
  takeFields,
  updatePost,
} from './post-cache';
export { COMPOSER_ID, POST_CARD_ATTRIBUTE } from './dom';
export { commentPath, postPath, postTitle, postUrl } from './links';
