import type { Post } from '@sync/contract';
import { BookmarkButton } from '../../features/bookmarks';
import { SafetyMenuButton, safetyMenuStrings } from '../../features/safety';

/**
 * What every post card shows after its like: the bookmarks feature's toggle. The posts feature does
 * not know the bookmarks feature; the route screens hand this to `PostList` and `PostCard`.
 */
export function postActions(post: Post) {
  return <BookmarkButton post={post} />;
}

/** The "…" on someone else's post: the safety feature's Block, Mute and Report, handed in the same way. */
export function postMenu(post: Post) {
  return <SafetyMenuButton person={post} post={post} label={safetyMenuStrings.postOptions} />;
}
