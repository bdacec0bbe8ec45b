import type { ExpressionBuilder } from 'kysely';
import type { Db, Dialect } from './database.js';
import type { Database } from './schema.js';
import { isOneOf, loadInChunks } from '../platform/db/chunks.js';
import { cursorKind, withinWindow, type TimeWindow } from '../platform/db/keyset.js';

/**
 * The `mutes` table: whose posts, comments and (optionally) notifications a user does not want to see.
 * A mute past its `expires_at` has ended: every read here leaves it out, whether or not it was deleted
 * yet (the muter's next mute or unmute deletes their ended ones).
 */

export interface ActiveMute {
  muted_id: string;
  notifications: boolean;
  expires_at: string | null;
}

/** The mutes that have not ended at `now`. */
const activeAt = (now: string) => (eb: ExpressionBuilder<Database, 'mutes'>) =>
  eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]);

/** The user's mutes that have not expired at `now` (an expired one is deleted by the next write). */
export async function activeMutes(db: Db, userId: string, now: string): Promise<ActiveMute[]> {
  const rows = await db
    .selectFrom('mutes')
    .select(['muted_id', 'notifications', 'expires_at'])
    .where('muter_id', '=', userId)
    .where(activeAt(now))
    .execute();
  return rows.map((row) => ({ ...row, notifications: row.notifications === 1 }));
}

/** The user's mutes of any of `userIds` that have not ended at `now` (Relationships). */
export async function activeMutesAmong(
  db: Db,
  dialect: Dialect,
  userId: string,
  userIds: readonly string[],
  now: string,
): Promise<ActiveMute[]> {
  const rows = await loadInChunks(userIds, (chunk) =>
    db
      .selectFrom('mutes')
      .select(['muted_id', 'notifications', 'expires_at'])
      .where('muter_id', '=', userId)
      .where(isOneOf(dialect, 'muted_id', chunk))
      .where(activeAt(now))
      .execute(),
  );
  return rows.map((row) => ({ ...row, notifications: row.notifications === 1 }));
}

/**
 * Mutes someone, or changes a mute that has not ended (its notifications and its end; it keeps the
 * time it was made). Delete the muter's ended mutes first (`deleteEndedMutes`), so an ended mute is
 * made anew rather than changed.
 */
export async function putMute(
  trx: Db,
  mute: { muterId: string; mutedId: string; notifications: boolean; expiresAt: string | null; at: string },
): Promise<void> {
  const changes = { notifications: mute.notifications ? 1 : 0, expires_at: mute.expiresAt };
  await trx
    .insertInto('mutes')
    .values({ muter_id: mute.muterId, muted_id: mute.mutedId, ...changes, created_at: mute.at })
    .onConflict((oc) => oc.columns(['muter_id', 'muted_id']).doUpdateSet(changes))
    .execute();
}

/** False when there was no such mute. */
export async function deleteMute(trx: Db, muterId: string, mutedId: string): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('mutes')
    .where('muter_id', '=', muterId)
    .where('muted_id', '=', mutedId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** Deletes the user's mutes that ended by `now`. */
export async function deleteEndedMutes(trx: Db, muterId: string, now: string): Promise<void> {
  await trx
    .deleteFrom('mutes')
    .where('muter_id', '=', muterId)
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now)
    .execute();
}

/** A user's mutes ordered by when they were made, then by whom. */
export const mutesByTime = cursorKind('mutes', ['string', 'string']);

export interface MuteRow extends ActiveMute {
  created_at: string;
}

/** A window of the user's mutes that have not ended at `now`, the latest first (or, `oldestFirst`, the earliest). */
export async function muteWindow(
  db: Db,
  muterId: string,
  now: string,
  window: TimeWindow,
): Promise<MuteRow[]> {
  const query = db
    .selectFrom('mutes')
    .select(['muted_id', 'notifications', 'expires_at', 'created_at'])
    .where('muter_id', '=', muterId)
    .where(activeAt(now));
  const rows = await withinWindow(query, ['created_at', 'muted_id'], window).execute();
  return rows.map((row) => ({ ...row, notifications: row.notifications === 1 }));
}

export type MuteExportRow = {
  muted_id: string;
  username: string;
  notifications: boolean;
  expires_at: string | null;
  created_at: string;
};

/**
 * One page of a user's mutes that have not ended at `now`, with the muted people's usernames, the
 * earliest first, after the row given.
 */
export async function mutesPage(
  db: Db,
  muterId: string,
  now: string,
  after: MuteExportRow | undefined,
  limit: number,
): Promise<MuteExportRow[]> {
  const query = db
    .selectFrom('mutes')
    .innerJoin('accounts', 'accounts.id', 'mutes.muted_id')
    .select([
      'mutes.muted_id',
      'accounts.username',
      'mutes.notifications',
      'mutes.expires_at',
      'mutes.created_at',
    ])
    .where('mutes.muter_id', '=', muterId)
    .where((eb) => eb.or([eb('mutes.expires_at', 'is', null), eb('mutes.expires_at', '>', now)]));
  const rows = await withinWindow(query, ['mutes.created_at', 'mutes.muted_id'], {
    newerThan: after ? [after.created_at, after.muted_id] : undefined,
    oldestFirst: true,
    limit,
  }).execute();
  return rows.map((row) => ({ ...row, notifications: row.notifications === 1 }));
}
