import type { Post } from '@sync/contract';
import { BookmarkButton } from '../../features/bookmarks';

/**
 * What every post card shows after its like: the bookmarks feature's toggle. The posts feature does
 * not know the bookmarks feature; the route screens hand this to `PostList` and `PostCard`.
 */
export function postActions(post: Post) {
  return <BookmarkButton post={post} />;
}
