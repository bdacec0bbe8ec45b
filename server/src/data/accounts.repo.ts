import type { OperandExpression, Updateable } from 'kysely';
import type { Db, Dialect } from './database.js';
import { isOneOf, loadInChunks } from '../platform/db/chunks.js';
import { hasNul } from '../platform/db/nul.js';
import { preparedOnPostgres } from '../platform/db/prepared.js';
import type { AccountsTable } from './schema.js';
import { nameKeys } from './name-keys.js';
import {
  localPersonById,
  summaryColumns,
  type AccountRow,
  type SummaryRow,
  type UserRow,
} from './account-rows.js';

export type { AccountRow, SummaryRow } from './account-rows.js';

/** The `accounts` table (docs/decisions/125): actors, with what they show and their moderation state. */

/** A summary with the account's version, which says whether a kept one is still what it shows. */
export type VersionedSummaryRow = SummaryRow & Pick<AccountRow, 'version'>;

export function summariesByIds(
  db: Db,
  dialect: Dialect,
  ids: readonly string[],
): Promise<VersionedSummaryRow[]> {
  return loadInChunks(ids, (chunk) =>
    db
      .selectFrom('accounts')
      .modifyFront(preparedOnPostgres)
      .select([...summaryColumns, 'version'])
      .where(isOneOf(dialect, 'id', chunk))
      .execute(),
  );
}

/** The versions of these accounts, by id (anyone deleted is left out): what kept ones are checked by. */
export async function accountVersions(
  db: Db,
  dialect: Dialect,
  ids: readonly string[],
): Promise<Map<string, number>> {
  const rows = await loadInChunks(ids, (chunk) =>
    db
      .selectFrom('accounts')
      .modifyFront(preparedOnPostgres)
      .select(['id', 'version'])
      .where(isOneOf(dialect, 'id', chunk))
      .execute(),
  );
  return new Map(rows.map((row) => [row.id, row.version]));
}

/** A new local account's row: counters and version start at zero, no moderation, no remote fields. */
export type NewAccountRow = Pick<
  AccountRow,
  | 'id'
  | 'username'
  | 'username_key'
  | 'first_name'
  | 'last_name'
  | 'avatar_url'
  | 'header_url'
  | 'bio'
  | 'links'
  | 'city'
  | 'created_at'
  | 'updated_at'
>;

export async function insertAccount(db: Db, row: NewAccountRow): Promise<void> {
  await db
    .insertInto('accounts')
    .values({ ...row, ...nameKeys(row.first_name, row.last_name) })
    .execute();
}

/** The ids of the local accounts with these usernames (lower-cased), for mentions; unknown names are left out. */
export function idsByUsernames(db: Db, usernameKeys: readonly string[]): Promise<{ id: string }[]> {
  return loadInChunks(
    usernameKeys.filter((key) => !hasNul(key)),
    (chunk) =>
      db
        .selectFrom('accounts')
        .select('id')
        .where('username_key', 'in', chunk)
        .where('domain', 'is', null)
        .execute(),
  );
}

/** What a profile edit may change (`names` with the keys people search them by). */
export interface ProfileChanges {
  fields: Pick<Updateable<AccountsTable>, 'bio' | 'links' | 'city' | 'avatar_url' | 'updated_at'>;
  names?: { first_name: string; last_name: string } | undefined;
}

/**
 * The profile fields change (and the names, when given), in the caller's transaction, which declares
 * the account changed (its version). The person as they are after.
 */
export async function updateProfile(
  trx: Db,
  id: string,
  { fields, names }: ProfileChanges,
): Promise<UserRow> {
  await trx
    .updateTable('accounts')
    .set({ ...fields, ...(names && { ...names, ...nameKeys(names.first_name, names.last_name) }) })
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return personAfter(trx, id);
}

/**
 * The avatar or header picture changes, in the caller's transaction, which declares the account
 * changed; the person as they are after.
 */
export async function setProfileImageUrl(
  trx: Db,
  input: { id: string; purpose: 'avatar' | 'header'; url: string; at: string },
): Promise<UserRow> {
  await trx
    .updateTable('accounts')
    .set({ [input.purpose === 'avatar' ? 'avatar_url' : 'header_url']: input.url, updated_at: input.at })
    .where('id', '=', input.id)
    .execute();
  return personAfter(trx, input.id);
}

/** Something of the person's changed outside their account (their address): the account says when. */
export async function markAccountUpdated(trx: Db, id: string, at: string): Promise<void> {
  await trx.updateTable('accounts').set({ updated_at: at }).where('id', '=', id).execute();
}

async function personAfter(trx: Db, id: string): Promise<UserRow> {
  const person = await localPersonById(trx, id);
  if (!person) throw new Error(`No local person ${id}`);
  return person;
}

/**
 * What these accounts show changed (a profile, a picture): their versions move, so no summary or
 * account kept anywhere at an older one is used. Use cases declare it: commit.ts `accountChanged`.
 */
export async function bumpAccountVersions(trx: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('accounts')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', 'in', ids)
    .execute();
}

/**
 * A follow made or undone: both counts, rows in id order so that two people following each other at
 * once cannot deadlock. (The follower's rules version moves too: users.repo's `bumpRulesVersions`.)
 */
export async function adjustFollowCounts(trx: Db, followerId: string, followeeId: string, delta: 1 | -1) {
  const updates = [
    { id: followerId, column: 'following_count' },
    { id: followeeId, column: 'follower_count' },
  ] as const;
  for (const { id, column } of [...updates].sort((a, b) => a.id.localeCompare(b.id))) {
    await trx
      .updateTable('accounts')
      .set((eb) => ({ [column]: eb(column, '+', delta) }))
      .where('id', '=', id)
      .execute();
  }
}

/** A subquery of account ids, such as follows.repo's `relationMembersQuery`. */
type AccountIdsQuery = OperandExpression<string>;

/**
 * Takes an account that is going away off the others' counts: each of their followers follows one
 * fewer, each account they follow has one follower fewer. Two statements, read before the follows are
 * deleted; run it holding those accounts' rows (see `lockRowsInOrder`). Their versions move in the
 * same statements: a kept Mastodon account shows its counts, and no message names these accounts.
 */
export async function takeOffFollowCounts(
  trx: Db,
  lists: { followers: AccountIdsQuery; following: AccountIdsQuery },
): Promise<void> {
  const sides = [
    { column: 'following_count', ids: lists.followers },
    { column: 'follower_count', ids: lists.following },
  ] as const;
  for (const { column, ids } of sides) {
    await trx
      .updateTable('accounts')
      .set((eb) => ({ [column]: eb(column, '-', 1), version: eb('version', '+', 1) }))
      .where('id', 'in', ids)
      .execute();
  }
}

/**
 * Up to `limit` local people the viewer does not follow yet (nor the viewer), most followed first. It
 * reads `follows` in a NOT EXISTS: the one question about follows that only makes sense joined to people.
 */
export function suggestedUsers(
  db: Db,
  options: { viewerId: string; limit: number },
): Promise<(SummaryRow & { bio: string })[]> {
  return db
    .selectFrom('accounts')
    .innerJoin('users', 'users.account_id', 'accounts.id')
    .select(['accounts.id', 'username', 'first_name', 'last_name', 'avatar_url', 'bio'])
    .where('accounts.id', '!=', options.viewerId)
    .where('users.pending_since', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('follows')
            .select('follows.followee_id')
            .where('follows.follower_id', '=', options.viewerId)
            .whereRef('follows.followee_id', '=', 'accounts.id'),
        ),
      ),
    )
    .orderBy('accounts.follower_count', 'desc')
    .orderBy('accounts.id')
    .limit(options.limit)
    .execute();
}

/**
 * Deletes an account's row, and with it its login (the key cascades); run it last, after the rows
 * that reference it have been removed with their counts.
 */
export async function deleteAccountRow(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('accounts').where('id', '=', id).execute();
}

/** Deletes an account that was never let in; false when it is not (or no longer) waiting for approval. */
export async function deletePendingAccount(trx: Db, id: string): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('accounts')
    .where('id', '=', id)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('users')
          .select('users.account_id')
          .whereRef('users.account_id', '=', 'accounts.id')
          .where('users.pending_since', 'is not', null),
      ),
    )
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}

/** An account under a moderation action that hides it: suspended, or limited. */
export interface ModeratedAccount {
  id: string;
  suspended_at: string | null;
  suspension_ends_at: string | null;
  limited_at: string | null;
  limit_ends_at: string | null;
}

/** Every suspended or limited account (a few, found by their indexes), whether or not its time is up. */
export function moderatedAccounts(db: Db): Promise<ModeratedAccount[]> {
  const columns = ['id', 'suspended_at', 'suspension_ends_at', 'limited_at', 'limit_ends_at'] as const;
  return db
    .selectFrom('accounts')
    .select(columns)
    .where('suspended_at', 'is not', null)
    .union(db.selectFrom('accounts').select(columns).where('limited_at', 'is not', null))
    .execute();
}

/**
 * Whether a suspension or a limit (when it began, when it ends) is in force at `now`: a timed one is over
 * at its end, whether or not the job that clears it has run yet.
 */
export const inForce = (since: string | null, endsAt: string | null, now: Date): boolean =>
  since !== null && (endsAt === null || endsAt > now.toISOString());

/** Suspensions and limits move it, in their transaction: every viewer's rules hold them. */
async function bumpModerationVersion(trx: Db): Promise<void> {
  await trx
    .updateTable('moderation_version')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .execute();
}

/**
 * A suspension begins (or is replaced): it ends by itself at `endsAt` (null: until lifted, purged 30
 * days on). The person's sessions end with users.repo's `endSessions`, in the same transaction.
 */
export async function suspendAccount(
  trx: Db,
  id: string,
  suspension: { at: string; endsAt: string | null },
): Promise<void> {
  await bumpModerationVersion(trx);
  await trx
    .updateTable('accounts')
    .set({ suspended_at: suspension.at, suspension_ends_at: suspension.endsAt })
    .where('id', '=', id)
    .execute();
}

export async function unsuspendAccount(trx: Db, id: string): Promise<void> {
  await bumpModerationVersion(trx);
  await trx
    .updateTable('accounts')
    .set({ suspended_at: null, suspension_ends_at: null })
    .where('id', '=', id)
    .execute();
}

/** A limit begins (or is replaced); it ends by itself at `endsAt` (null: until lifted). */
export async function limitAccount(
  trx: Db,
  id: string,
  limit: { at: string; endsAt: string | null },
): Promise<void> {
  await bumpModerationVersion(trx);
  await trx
    .updateTable('accounts')
    .set({ limited_at: limit.at, limit_ends_at: limit.endsAt })
    .where('id', '=', id)
    .execute();
}

export async function unlimitAccount(trx: Db, id: string): Promise<void> {
  await bumpModerationVersion(trx);
  await trx
    .updateTable('accounts')
    .set({ limited_at: null, limit_ends_at: null })
    .where('id', '=', id)
    .execute();
}

/** An account whose timed suspension or limit was lifted. */
export type Lifted = Pick<AccountRow, 'id' | 'username'>;

/**
 * Lifts the suspensions and limits whose time is up; the accounts each lifted. Each
 * statement changes only rows still due, so two processes running it at once lift each account once.
 */
export async function liftEndedModeration(
  db: Db,
  now: string,
): Promise<{ unsuspended: Lifted[]; unlimited: Lifted[] }> {
  const unsuspended = await db
    .updateTable('accounts')
    .set({ suspended_at: null, suspension_ends_at: null })
    .where('suspended_at', 'is not', null)
    .where('suspension_ends_at', '<=', now)
    .returning(['id', 'username'])
    .execute();
  const unlimited = await db
    .updateTable('accounts')
    .set({ limited_at: null, limit_ends_at: null })
    .where('limited_at', 'is not', null)
    .where('limit_ends_at', '<=', now)
    .returning(['id', 'username'])
    .execute();
  if (unsuspended.length + unlimited.length > 0) await bumpModerationVersion(db);
  return { unsuspended, unlimited };
}

/** Up to `limit` accounts suspended until lifted since `before` or earlier (`accounts_suspended`). */
export async function suspendedUntilLiftedBefore(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('accounts')
    .select('id')
    .where('suspended_at', '<=', before)
    .where('suspension_ends_at', 'is', null)
    .orderBy('suspended_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
