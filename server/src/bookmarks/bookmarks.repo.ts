import type { Post } from '@sync/contract';
import type { Db } from '../db/database.js';
import { lockPost } from '../db/post-lock.js';
import type { PageRequest } from '../http/pagination.js';
import { loadPosts, postsWithAuthors, type PostRow } from '../posts/posts.repo.js';

/** 'already' when the post was bookmarked before, 'missing' when it was deleted meanwhile. */
export function addBookmark(
  db: Db,
  userId: string,
  postId: string,
  now: string,
): Promise<'ok' | 'already' | 'missing'> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockPost(trx, postId))) return 'missing';
    const result = await trx
      .insertInto('bookmarks')
      .values({ user_id: userId, post_id: postId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
      .executeTakeFirst();
    return (result.numInsertedOrUpdatedRows ?? 0n) > 0n ? 'ok' : 'already';
  });
}

/** 'missing' when the post was not bookmarked. */
export async function removeBookmark(db: Db, userId: string, postId: string): Promise<'ok' | 'missing'> {
  const result = await db
    .deleteFrom('bookmarks')
    .where('user_id', '=', userId)
    .where('post_id', '=', postId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n ? 'ok' : 'missing';
}

/** A user's bookmarked posts, most recently bookmarked first: all of them, or one page. */
export function listBookmarkedRows(
  db: Db,
  userId: string,
  page?: PageRequest,
): Promise<(PostRow & { bookmarked_at: string })[]> {
  let query = postsWithAuthors(db)
    .innerJoin('bookmarks', 'bookmarks.post_id', 'posts.id')
    .select('bookmarks.created_at as bookmarked_at')
    .where('bookmarks.user_id', '=', userId)
    .orderBy('bookmarks.created_at', 'desc')
    .orderBy('bookmarks.post_id', 'desc');
  if (page) {
    if (page.after) {
      const [bookmarkedAt, id] = page.after as [string, string];
      query = query.where((eb) =>
        eb(eb.refTuple('bookmarks.created_at', 'bookmarks.post_id'), '<', eb.tuple(bookmarkedAt, id)),
      );
    }
    query = query.limit(page.limit + 1);
  }
  return query.execute();
}

/** The contract's `bookmarks`: every bookmarked post, whole, newest bookmark first. */
export async function loadAllBookmarks(db: Db, userId: string): Promise<Post[]> {
  return loadPosts(db, await listBookmarkedRows(db, userId), { preview: false });
}
