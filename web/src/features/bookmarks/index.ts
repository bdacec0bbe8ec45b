/** The bookmarks feature's public face. */
export { useBookmarks, useToggleBookmark } from './api/bookmarks';
