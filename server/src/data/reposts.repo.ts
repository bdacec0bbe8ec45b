import type { Db, Dialect } from './database.js';
import { isOneOf, loadInChunks } from '../platform/db/chunks.js';
import { hasNul } from '../platform/db/nul.js';
import { preparedOnPostgres } from '../platform/db/prepared.js';
import { cursorKind, withinWindow, type CursorKey, type TimeWindow } from '../platform/db/keyset.js';

/**
 * The `reposts` table (docs/decisions/092): one row per person and post. `posts.repost_count` is kept
 * by posts.repo (`takeForChange`) in the caller's transaction.
 */

export interface RepostRow {
  id: string;
  user_id: string;
  post_id: string;
  created_at: string;
}

const rowColumns = ['reposts.id', 'reposts.user_id', 'reposts.post_id', 'reposts.created_at'] as const;

/**
 * Records the user's repost of a post; undefined when they had reposted it already (the unique pair
 * makes 30 requests at once leave one row). The caller has taken the post in the same transaction.
 */
export function insertRepost(trx: Db, row: RepostRow): Promise<RepostRow | undefined> {
  return trx
    .insertInto('reposts')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
    .returning(rowColumns)
    .executeTakeFirst();
}

/** Takes back the user's repost of a post; the row removed, or undefined when there was none. */
export function deleteRepost(trx: Db, userId: string, postId: string): Promise<RepostRow | undefined> {
  return trx
    .deleteFrom('reposts')
    .where('user_id', '=', userId)
    .where('post_id', '=', postId)
    .returning(rowColumns)
    .executeTakeFirst();
}

/** A repost by its id (a timeline item's, a Mastodon reblog's), or undefined. */
export function findRepost(db: Db, id: string): Promise<RepostRow | undefined> {
  if (hasNul(id)) return Promise.resolve(undefined);
  return db
    .selectFrom('reposts')
    .modifyFront(preparedOnPostgres)
    .select(rowColumns)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Reposts by their ids. */
export function repostsByIds(db: Db, dialect: Dialect, ids: readonly string[]): Promise<RepostRow[]> {
  return loadInChunks(ids, (chunk) =>
    db.selectFrom('reposts').select(rowColumns).where(isOneOf(dialect, 'reposts.id', chunk)).execute(),
  );
}

/** The user's repost of a post, or undefined. */
export function repostOf(db: Db, userId: string, postId: string): Promise<RepostRow | undefined> {
  return db
    .selectFrom('reposts')
    .select(rowColumns)
    .where('user_id', '=', userId)
    .where('post_id', '=', postId)
    .executeTakeFirst();
}

/** The ids of the people who reposted a post (`reposts_by_post`): those an edit of it notifies. */
export async function reposterIdsOf(db: Db, postId: string): Promise<string[]> {
  const rows = await db.selectFrom('reposts').select('user_id').where('post_id', '=', postId).execute();
  return rows.map((row) => row.user_id);
}

export const reposters = cursorKind('reposters', ['string', 'string']);

/** A window of the people who reposted a post by when they did (`reposts_by_post`). */
export function reposterWindow(
  db: Db,
  postId: string,
  window: TimeWindow,
): Promise<{ id: string; user_id: string; created_at: string }[]> {
  const query = db
    .selectFrom('reposts')
    .select(['id', 'user_id', 'created_at'])
    .where('post_id', '=', postId);
  return withinWindow(query, ['created_at', 'id'], window).execute();
}

/** One page of the people who reposted a post, earliest first. */
export function reposterPage(
  db: Db,
  postId: string,
  after: CursorKey<typeof reposters.shape> | undefined,
  limit: number,
): Promise<{ id: string; user_id: string; created_at: string }[]> {
  return reposterWindow(db, postId, { newerThan: after, oldestFirst: true, limit });
}

/** A window of one person's reposts by when they were made (`reposts_by_user`). */
export function repostsOfUserWindow(db: Db, userId: string, window: TimeWindow): Promise<RepostRow[]> {
  const query = db
    .selectFrom('reposts')
    .modifyFront(preparedOnPostgres)
    .select(rowColumns)
    .where('user_id', '=', userId);
  return withinWindow(query, ['created_at', 'id'], window).execute();
}

/** Which of these posts the user reposted. */
export async function repostedAmong(
  db: Db,
  dialect: Dialect,
  userId: string,
  postIds: readonly string[],
): Promise<Set<string>> {
  const rows = await loadInChunks(postIds, (chunk) =>
    db
      .selectFrom('reposts')
      .select('post_id')
      .where('user_id', '=', userId)
      .where(isOneOf(dialect, 'post_id', chunk))
      .execute(),
  );
  return new Set(rows.map((row) => row.post_id));
}

/** The posts a user reposted: those whose repost count deleting the user changes. */
export async function repostedPostIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('reposts').select('post_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.post_id);
}

/** Removes a user's reposts. Run it after their posts' counts were taken down, holding those rows. */
export async function deleteRepostsOf(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom('reposts').where('user_id', '=', userId).execute();
}

export type RepostExportRow = { id: string; post_id: string; created_at: string };

/** One page of a user's reposts, oldest first, after the row given (the account export). */
export function repostsOfUserPage(
  db: Db,
  userId: string,
  after: RepostExportRow | undefined,
  limit: number,
): Promise<RepostExportRow[]> {
  return repostsOfUserWindow(db, userId, {
    newerThan: after ? [after.created_at, after.id] : undefined,
    oldestFirst: true,
    limit,
  });
}
