import type { BookmarkStateReply, BookmarksReply, FullPost } from '@sync/contract';
import type { Deps } from '../shared/deps.js';
import { Messages, badRequest } from '../../platform/http/errors.js';
import type { PageQuery } from '../../platform/http/pagination.js';
import { requirePost } from '../shared/post-answers.js';
import { addBookmark } from '../shared/bookmark-writes.js';
import { fullPostViews, previewPostViews } from '../../read/views/sync/posts.js';
import * as bookmarks from '../../data/bookmarks.repo.js';
import { visiblePostIdRows } from '../shared/visible-rows.js';

/** One function per endpoint of the bookmark routes under /api/users. Bookmarks are private (decision 002). */

/** The spec's bookmark list: the most recently bookmarked `caps.posts`, whole. */
async function everyBookmark(deps: Deps, viewerId: string): Promise<FullPost[]> {
  const rows = await bookmarks.bookmarkPage(deps.db, viewerId, undefined, deps.caps.posts);
  const page = await deps.hydrator.pageOfIds(
    rows.map((row) => row.post_id),
    'listed',
    viewerId,
    'post',
  );
  return fullPostViews(page, viewerId, { withViewerState: false });
}

/** `GET /users/bookmark` */
export async function listBookmarks(
  deps: Deps,
  input: { viewerId: string; query: PageQuery },
): Promise<BookmarksReply> {
  const kind = { ...bookmarks.bookmarksByTime, scope: `bookmarks:${input.viewerId}` };
  const request = deps.cursors.pageRequest(kind, input.query);
  if (!request) return { bookmarks: await everyBookmark(deps, input.viewerId) };
  const { items, nextCursor } = await deps.cursors.page(
    kind,
    request,
    (after, limit) => bookmarks.bookmarkPage(deps.db, input.viewerId, after, limit),
    (row) => [row.created_at, row.post_id],
    visiblePostIdRows(deps, input.viewerId, 'post', (row) => row.post_id),
  );
  const page = await deps.hydrator.pageOfIds(
    items.map((row) => row.post_id),
    'preview',
    input.viewerId,
    'post',
  );
  return { bookmarks: previewPostViews(page, input.viewerId), nextCursor };
}

/**
 * `POST /users/bookmark/:postId` and `/users/remove-bookmark/:postId`. A bookmark across a block with
 * the post's author is refused; removing one is not.
 */
export async function changeBookmark(
  deps: Deps,
  input: { viewerId: string; postId: string; change: 'add' | 'remove'; changedOnly: boolean },
): Promise<BookmarksReply | BookmarkStateReply> {
  if (input.change === 'add') {
    if (!(await addBookmark(deps, input.viewerId, input.postId)))
      throw badRequest(Messages.alreadyBookmarked);
  } else {
    const post = await requirePost(deps, input.postId);
    if (!(await bookmarks.deleteBookmark(deps.db, input.viewerId, post.id)))
      throw badRequest(Messages.notBookmarked);
  }
  if (input.changedOnly) return { postId: input.postId, bookmarked: input.change === 'add' };
  return { bookmarks: await everyBookmark(deps, input.viewerId) };
}
