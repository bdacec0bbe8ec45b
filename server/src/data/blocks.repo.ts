import type { Db } from './database.js';
import { loadInChunks } from '../platform/db/chunks.js';
import { cursorKind, withinWindow, type TimeWindow } from '../platform/db/keyset.js';

/** The `blocks` table: who blocked whom. */

/** Everyone the user blocked or is blocked by: the people their reads leave out (read/rules). */
export async function blockedEitherWay(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('blocks')
    .select('blocked_id as id')
    .where('blocker_id', '=', userId)
    .unionAll(db.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', userId))
    .execute();
  return rows.map((row) => row.id);
}

/** False when the block was already there. */
export async function insertBlock(
  trx: Db,
  blockerId: string,
  blockedId: string,
  at: string,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: at })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .executeTakeFirst();
  return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** False when there was no such block. */
export async function deleteBlock(trx: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

export interface BlockState {
  /** Those the user blocked. */
  blocking: Set<string>;
  /** Those who blocked the user. */
  blockedBy: Set<string>;
}

/** Which of `userIds` the user blocked, and which of them blocked the user (Relationships). */
export async function blockStateAmong(
  db: Db,
  userId: string,
  userIds: readonly string[],
): Promise<BlockState> {
  const rows = await loadInChunks(userIds, (chunk) =>
    db
      .selectFrom('blocks')
      .select(['blocker_id', 'blocked_id'])
      .where('blocker_id', '=', userId)
      .where('blocked_id', 'in', chunk)
      .unionAll(
        db
          .selectFrom('blocks')
          .select(['blocker_id', 'blocked_id'])
          .where('blocked_id', '=', userId)
          .where('blocker_id', 'in', chunk),
      )
      .execute(),
  );
  const state: BlockState = { blocking: new Set(), blockedBy: new Set() };
  for (const row of rows) {
    if (row.blocker_id === userId) state.blocking.add(row.blocked_id);
    else state.blockedBy.add(row.blocker_id);
  }
  return state;
}

/** A user's blocks ordered by when they were made, then by whom. */
export const blocksByTime = cursorKind('blocks', ['string', 'string']);

export interface BlockRow {
  blocked_id: string;
  created_at: string;
}

/** A window of the people a user blocked, the latest block first (or, `oldestFirst`, the earliest). */
export function blockWindow(db: Db, blockerId: string, window: TimeWindow): Promise<BlockRow[]> {
  const query = db
    .selectFrom('blocks')
    .select(['blocked_id', 'created_at'])
    .where('blocker_id', '=', blockerId);
  return withinWindow(query, ['created_at', 'blocked_id'], window).execute();
}

export type BlockExportRow = { blocked_id: string; username: string; created_at: string };

/** One page of the people a user blocked with their usernames, the earliest block first, after the row given. */
export function blocksPage(
  db: Db,
  blockerId: string,
  after: BlockExportRow | undefined,
  limit: number,
): Promise<BlockExportRow[]> {
  const query = db
    .selectFrom('blocks')
    .innerJoin('accounts', 'accounts.id', 'blocks.blocked_id')
    .select(['blocks.blocked_id', 'accounts.username', 'blocks.created_at'])
    .where('blocks.blocker_id', '=', blockerId);
  return withinWindow(query, ['blocks.created_at', 'blocks.blocked_id'], {
    newerThan: after ? [after.created_at, after.blocked_id] : undefined,
    oldestFirst: true,
    limit,
  }).execute();
}
