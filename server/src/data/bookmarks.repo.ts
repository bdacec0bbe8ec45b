import type { Db } from './database.js';
import { compiledPerShape } from '../platform/db/compiled-per-shape.js';
import { preparedOnPostgres } from '../platform/db/prepared.js';
import { cursorKind, withinWindow, type CursorKey, type TimeWindow } from '../platform/db/keyset.js';

/** The `bookmarks` table. */

export const bookmarksByTime = cursorKind('bookmarks', ['string', 'string']);

/** False when the post was bookmarked before. The caller has taken the post in the same transaction. */
export async function insertBookmark(trx: Db, userId: string, postId: string, at: string): Promise<boolean> {
  const result = await trx
    .insertInto('bookmarks')
    .values({ user_id: userId, post_id: postId, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** False when the post was not bookmarked. */
export async function deleteBookmark(db: Db, userId: string, postId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('bookmarks')
    .where('user_id', '=', userId)
    .where('post_id', '=', postId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A user's bookmarks, most recently bookmarked first: one page, or the first `limit`. */
export function bookmarkPage(
  db: Db,
  userId: string,
  after: CursorKey<typeof bookmarksByTime.shape> | undefined,
  limit: number,
): Promise<{ post_id: string; created_at: string }[]> {
  return bookmarkWindow(db, userId, { olderThan: after, oldestFirst: false, limit });
}

/** A window of a user's bookmarks by the time they were made (`bookmarks_by_user_time`). */
export function bookmarkWindow(
  db: Db,
  userId: string,
  window: TimeWindow,
): Promise<{ post_id: string; created_at: string }[]> {
  const query = db
    .selectFrom('bookmarks')
    .modifyFront(preparedOnPostgres)
    .select(['post_id', 'created_at'])
    .where('user_id', '=', userId);
  return withinWindow(query, ['created_at', 'post_id'], window).execute();
}

/** Up to `limit` of the people who bookmarked a post (`bookmarks_by_post`): those an edit of it notifies. */
export async function bookmarkerIdsOf(db: Db, postId: string, limit: number): Promise<string[]> {
  const { rows } = await db.executeQuery(bookmarkersQuery(db, { postId, limit }));
  return rows.map((row) => row.user_id);
}

// Read by every edit (no count says a post has none): compiled once.
const bookmarkersQuery = compiledPerShape((db: Db, { postId, limit }: { postId: string; limit: number }) =>
  db
    .selectFrom('bookmarks')
    .modifyFront(preparedOnPostgres)
    .select('user_id')
    .where('post_id', '=', postId)
    .limit(limit)
    .compile(),
);

export async function deleteBookmarksOf(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom('bookmarks').where('user_id', '=', userId).execute();
}

export type BookmarkExportRow = { post_id: string; created_at: string };

/** One page of a user's bookmarks, oldest first, after the row given. */
export function bookmarksPage(
  db: Db,
  userId: string,
  after: BookmarkExportRow | undefined,
  limit: number,
): Promise<BookmarkExportRow[]> {
  let query = db
    .selectFrom('bookmarks')
    .select(['post_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('post_id')
    .limit(limit);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'post_id'), '>', eb.tuple(after.created_at, after.post_id)),
    );
  }
  return query.execute();
}
