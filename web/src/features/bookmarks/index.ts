/** The bookmarks feature's public face. */
export { useBookmarks } from './api/bookmarks';
export { BookmarkButton } from './components/bookmark-button';
export { NoBookmarks } from './components/no-bookmarks';
