import { sql } from 'kysely';
import type { Db, Dialect } from './database.js';
import { idsTable, isOneOf, loadInChunks } from '../platform/db/chunks.js';
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

/** The user's repost of a post, or undefined. */
export function repostOf(db: Db, userId: string, postId: string): Promise<RepostRow | undefined> {
  return db
    .selectFrom('reposts')
    .select(rowColumns)
    .where('user_id', '=', userId)
    .where('post_id', '=', postId)
    .executeTakeFirst();
}

/** The ids of the newest `limit` people who reposted a post (`reposts_by_post`): those an edit of it notifies. */
export async function reposterIdsOf(db: Db, postId: string, limit: number): Promise<string[]> {
  const rows = await reposterWindow(db, postId, { oldestFirst: false, limit });
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
function repostsOfUserWindow(db: Db, userId: string, window: TimeWindow): Promise<RepostRow[]> {
  const query = db
    .selectFrom('reposts')
    .modifyFront(preparedOnPostgres)
    .select(rowColumns)
    .where('user_id', '=', userId);
  return withinWindow(query, ['created_at', 'id'], window).execute();
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

/**
 * An item of a list that merges posts with reposts (the Following timeline, a profile's reposts): the
 * post (`id`, `version`), and, for a repost, the repost's id and who made it. `item_id` and
 * `created_at` are the item's place in the list (the post's own for a post).
 */
export interface RepostItem {
  id: string;
  version: number;
  created_at: string;
  item_id: string;
  reposter_id: string;
}

/** A window of a merged list by (created_at, item id): as `TimeWindow`, newest first unless asked. */
export interface ItemWindow {
  olderThan?: [string, string] | undefined;
  newerThan?: [string, string] | undefined;
  oldestFirst?: boolean | undefined;
  limit: number;
}

/**
 * The newest reposts of some people in a window, with their posts' versions: each person's own range
 * of `reposts_by_user`, at most `limit` rows each (decision 052's bound: the cost grows with the number
 * of people, never with how many reposts they made), then the newest `limit` of those.
 */
export async function repostItemsOfUsers(
  db: Db,
  dialect: Dialect,
  userIds: readonly string[],
  window: ItemWindow,
): Promise<RepostItem[]> {
  if (userIds.length === 0) return [];
  const direction = sql.raw(window.oldestFirst ? 'asc' : 'desc');
  const bounds = (table: string) => {
    const key = sql`(${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)})`;
    return sql`${window.olderThan ? sql`and ${key} < (${window.olderThan[0]}, ${window.olderThan[1]})` : sql``} ${
      window.newerThan ? sql`and ${key} > (${window.newerThan[0]}, ${window.newerThan[1]})` : sql``
    }`;
  };
  const people = idsTable(dialect, userIds);
  const { rows } = await sql<RepostItem>`
    select ${preparedOnPostgres} p.id, p.version, r.created_at, r.id as item_id, r.user_id as reposter_id
    from (${people}) as person
    join reposts as r on r.id in (
      select own.id from reposts as own where own.user_id = person.id ${bounds('own')}
      order by own.created_at ${direction}, own.id ${direction} limit ${window.limit})
    join posts as p on p.id = r.post_id
    order by r.created_at ${direction}, r.id ${direction} limit ${window.limit}`.execute(db);
  return rows;
}

/**
 * For each of these posts, its newest repost by any of these people: a list keeps an item only when
 * no newer item of the same post is in it (docs/decisions/092).
 */
export async function newestRepostsAmong(
  db: Db,
  dialect: Dialect,
  postIds: readonly string[],
  userIds: readonly string[],
): Promise<Map<string, { created_at: string; id: string }>> {
  const newest = new Map<string, { created_at: string; id: string }>();
  if (postIds.length === 0 || userIds.length === 0) return newest;
  const rows = await loadInChunks(userIds, (chunk) =>
    db
      .selectFrom('reposts')
      .select(['post_id', 'created_at', 'id'])
      .where(isOneOf(dialect, 'post_id', postIds))
      .where(isOneOf(dialect, 'user_id', chunk))
      .execute(),
  );
  for (const row of rows) {
    const kept = newest.get(row.post_id);
    if (!kept || isAfter(row, kept)) newest.set(row.post_id, row);
  }
  return newest;
}

/** Whether an item comes after another in (created_at, id) order. */
export const isAfter = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) =>
  a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id);
