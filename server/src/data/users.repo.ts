import {
  sql,
  type CompiledQuery,
  type RawBuilder,
  type OperandExpression,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { Db, Dialect } from './database.js';
import { countOf } from '../platform/db/count.js';
import { isOneOf, loadInChunks } from '../platform/db/chunks.js';
import { hasNul } from '../platform/db/nul.js';
import { preparedOnPostgres } from '../platform/db/prepared.js';
import type { QuotePolicy, Role, UsersTable } from './schema.js';
import { cursorKind, withinWindow, type CursorKey, type TimeWindow } from '../platform/db/keyset.js';
import { nameKeys } from './name-keys.js';

/** The `users` table. */

/** A user's row; the search keys stay with people search (search/). */
export type UserRow = Omit<Selectable<UsersTable>, 'name_key' | 'last_name_key' | 'rules_version'>;

/** What a user summary (an author, a liker, a follower) is built from. */
export type SummaryRow = Pick<UserRow, 'id' | 'username' | 'first_name' | 'last_name' | 'avatar_url'>;

export const usersBySignup = cursorKind('users', ['string', 'string']);

const summaryColumns = ['id', 'username', 'first_name', 'last_name', 'avatar_url'] as const;

/** Every column of a `UserRow`, named: a statement prepared on PostgreSQL must not read `*`. */
const userColumns = [
  'id',
  'username',
  'username_key',
  'password_hash',
  'first_name',
  'last_name',
  'email',
  'avatar_url',
  'header_url',
  'bio',
  'links',
  'city',
  'follower_count',
  'following_count',
  'token_version',
  'created_at',
  'updated_at',
  'role',
  'suspended_at',
  'suspension_ends_at',
  'limited_at',
  'limit_ends_at',
  'pending_since',
  'signup_reason',
  'invite_id',
  'quote_policy',
  'email_key',
  'email_confirmed_at',
  'onboarded_at',
  'signup_app_id',
] as const satisfies readonly (keyof UserRow)[];

/**
 * Every signed-in request reads its viewer's row: the statement is compiled once per database (its
 * only parameter is the id) and prepared on PostgreSQL, where planning it took longer than running it.
 */
const userByIdStatement = compiledOnce((db) =>
  db.selectFrom('users').modifyFront(preparedOnPostgres).select(userColumns).where('id', '=', '').compile(),
);

/** A statement of fixed text, compiled the first time each database runs it. */
function compiledOnce<Row>(compile: (db: Db) => CompiledQuery<Row>): (db: Db) => CompiledQuery<Row> {
  const statements = new WeakMap<Db, CompiledQuery<Row>>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = compile(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  // PostgreSQL refuses NUL in text parameters (a 500); no id or username contains one.
  if (hasNul(id)) return undefined;
  const { rows } = await db.executeQuery<UserRow>({ ...userByIdStatement(db), parameters: [id] });
  return rows[0];
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return (await findUserAndProfilesVersion(db, username))?.user;
}

/**
 * A user by name and the profiles' version in one statement: an answer about a user lists people,
 * whose cached summaries that version keeps current (it is read before them, so they are never older).
 */
export async function findUserAndProfilesVersion(
  db: Db,
  username: string,
): Promise<{ user: UserRow; profilesVersion: number } | undefined> {
  if (hasNul(username)) return undefined;
  const row = await db
    .selectFrom('users')
    .modifyFront(preparedOnPostgres)
    .select(userColumns)
    .select((eb) => eb.selectFrom('profiles_version').select('version').as('profiles_version'))
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();
  if (!row) return undefined;
  const { profiles_version: profilesVersion, ...user } = row;
  return { user, profilesVersion: profilesVersion ?? 0 };
}

export function usersByIds(db: Db, dialect: Dialect, ids: readonly string[]): Promise<UserRow[]> {
  return loadInChunks(ids, (chunk) =>
    db
      .selectFrom('users')
      .modifyFront(preparedOnPostgres)
      .select(userColumns)
      .where(isOneOf(dialect, 'id', chunk))
      .execute(),
  );
}

export function summariesByIds(db: Db, dialect: Dialect, ids: readonly string[]): Promise<SummaryRow[]> {
  return loadInChunks(ids, (chunk) =>
    db
      .selectFrom('users')
      .modifyFront(preparedOnPostgres)
      .select(summaryColumns)
      .where(isOneOf(dialect, 'id', chunk))
      .execute(),
  );
}

/** The moderation state of an account nobody has acted on yet. */
export const unmoderated = {
  role: 'user',
  suspended_at: null,
  suspension_ends_at: null,
  limited_at: null,
  limit_ends_at: null,
  pending_since: null,
  signup_reason: '',
  invite_id: null,
} as const satisfies Partial<UserRow>;

/** A new account's row: counters start at zero, the moderation state as `unmoderated` unless given. */
export type NewUserRow = Omit<UserRow, 'follower_count' | 'following_count' | keyof typeof unmoderated> &
  Partial<Pick<UserRow, keyof typeof unmoderated>>;

export async function insertUser(db: Db, row: NewUserRow) {
  await db
    .insertInto('users')
    .values({ ...row, ...nameKeys(row.first_name, row.last_name) })
    .execute();
}

/** The key an address is unique and looked up by: one address is one account whatever its case. */
export const emailKeyOf = (email: string): string => email.trim().toLowerCase();

/** The account whose address this is (any case); none for an empty address. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const key = emailKeyOf(email);
  if (key === '' || hasNul(key)) return undefined;
  return db.selectFrom('users').select(userColumns).where('email_key', '=', key).executeTakeFirst();
}

/** Marks the address confirmed, if it is still the account's; whether it was. */
export async function confirmEmail(trx: Db, id: string, email: string, at: string): Promise<boolean> {
  const row = await trx
    .updateTable('users')
    .set({ email_confirmed_at: at })
    .where('id', '=', id)
    .where('email', '=', email)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's new address, confirmed by its link at `at` (the unique key refuses one in use). */
export function changeEmail(trx: Db, id: string, email: string, at: string): Promise<UserRow | undefined> {
  return trx
    .updateTable('users')
    .set({ email, email_key: emailKeyOf(email), email_confirmed_at: at, updated_at: at })
    .where('id', '=', id)
    .returning(userColumns)
    .executeTakeFirst();
}

/**
 * A new address in place of one never confirmed (a typo at sign-up), still unconfirmed; none when the
 * address was confirmed meanwhile. The unique key refuses one in use.
 */
export function replaceUnconfirmedEmail(
  db: Db,
  id: string,
  email: string,
  at: string,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ email, email_key: emailKeyOf(email), updated_at: at })
    .where('id', '=', id)
    .where('email_confirmed_at', 'is', null)
    .returning(userColumns)
    .executeTakeFirst();
}

/** The welcome finished or skipped at `at`; the first time is kept. Whether the account exists. */
export async function markOnboarded(db: Db, id: string, at: string): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ onboarded_at: sql<string>`coalesce(onboarded_at, ${at})` })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The ids of the users with these usernames (lower-cased), for mentions; unknown names are left out. */
export function idsByUsernames(db: Db, usernameKeys: readonly string[]): Promise<{ id: string }[]> {
  return loadInChunks(
    usernameKeys.filter((key) => !hasNul(key)),
    (chunk) => db.selectFrom('users').select('id').where('username_key', 'in', chunk).execute(),
  );
}

/**
 * The profile fields change (and the names, with the keys people search them by, when given);
 * summaries cached anywhere go stale with the profiles' version.
 */
export function updateProfile(
  db: Db,
  id: string,
  changes: Pick<Updateable<UsersTable>, 'bio' | 'links' | 'city' | 'avatar_url' | 'updated_at'>,
  names?: { first_name: string; last_name: string },
): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    await bumpProfilesVersion(trx);
    return trx
      .updateTable('users')
      .set({ ...changes, ...(names && { ...names, ...nameKeys(names.first_name, names.last_name) }) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Who may quote the user's new posts by default (their preferences); the user as they are after. */
export function setQuotePolicy(db: Db, id: string, policy: QuotePolicy): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ quote_policy: policy })
    .where('id', '=', id)
    .returning(userColumns)
    .executeTakeFirst();
}

/** The avatar or header picture changes, in the caller's transaction; the user as they are after. */
export async function setProfileImageUrl(
  trx: Db,
  input: { id: string; purpose: 'avatar' | 'header'; url: string; at: string },
): Promise<UserRow> {
  await bumpProfilesVersion(trx);
  return trx
    .updateTable('users')
    .set({ [input.purpose === 'avatar' ? 'avatar_url' : 'header_url']: input.url, updated_at: input.at })
    .where('id', '=', input.id)
    .returning(userColumns)
    .executeTakeFirstOrThrow();
}

/** Call in the transaction of any change to what a summary shows (a profile, a deleted account). */
export async function bumpProfilesVersion(trx: Db): Promise<void> {
  await trx
    .updateTable('profiles_version')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .execute();
}

/**
 * Call in the transaction of any change to what these people's rules hold (a block: both people's; a
 * mute, a filter, notification settings, a follow: the person's own). See docs/decisions/112.
 */
export async function bumpRulesVersions(trx: Db, ids: readonly string[]): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ rules_version: eb('rules_version', '+', 1) }))
    .where('id', 'in', ids)
    .execute();
}

/** Suspensions and limits move it, in their transaction: every viewer's rules hold them. */
async function bumpModerationVersion(trx: Db): Promise<void> {
  await trx
    .updateTable('moderation_version')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .execute();
}

/** The versions of what a viewer's rules hold (`viewer` undefined: signed out, or no such person). */
export interface RulesVersions {
  moderation: number;
  viewer: number | undefined;
}

/**
 * Both versions in one statement: what every request reads before it may use kept rules, so compiled
 * once (its only parameter is the viewer's id) and prepared on PostgreSQL.
 */
export async function rulesVersions(db: Db, viewerId: string | undefined): Promise<RulesVersions> {
  if (viewerId === undefined) {
    const { rows } = await db.executeQuery(moderationVersionStatement(db));
    return { moderation: rows[0]?.version ?? 0, viewer: undefined };
  }
  const statement = { ...rulesVersionsStatement(db), parameters: [viewerId] };
  const { rows } = await db.executeQuery<{ version: number; viewer: number | null }>(statement);
  return { moderation: rows[0]?.version ?? 0, viewer: rows[0]?.viewer ?? undefined };
}

const moderationVersionStatement = compiledOnce((db) =>
  db.selectFrom('moderation_version').modifyFront(preparedOnPostgres).select('version').compile(),
);

const rulesVersionsStatement = compiledOnce((db) =>
  db
    .selectFrom('moderation_version')
    .modifyFront(preparedOnPostgres)
    .select((eb) => [
      'version',
      eb.selectFrom('users').select('rules_version').where('id', '=', '').as('viewer'),
    ])
    .compile(),
);

export async function profilesVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('profiles_version')
    .modifyFront(preparedOnPostgres)
    .select('version')
    .executeTakeFirst();
  return row?.version ?? 0;
}

/**
 * Users in sign-up order: one page, or the first `limit`. Here and in every list of people, an account
 * waiting for a moderator's approval is left out: nobody has let it in yet.
 */
export function userPage(
  db: Db,
  after: CursorKey<typeof usersBySignup.shape> | undefined,
  limit: number,
): Promise<UserRow[]> {
  let query = db.selectFrom('users').selectAll().where('pending_since', 'is', null);
  if (after) {
    const [createdAt, id] = after;
    query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(createdAt, id)));
  }
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}

/** The newest `limit` sign-ups, in sign-up order (the capped form of the spec's "every user"). */
export async function newestUsers(db: Db, limit: number): Promise<UserRow[]> {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where('pending_since', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

/**
 * Moves follower and following counts, rows in id order so that two users following each other at
 * once cannot deadlock.
 */
/**
 * A follow made or undone: both counts, and the follower's rules version (whom they follow among the
 * limited is in their rules: docs/decisions/112), in the statements that move the counts.
 */
export async function adjustFollowCounts(trx: Db, followerId: string, followeeId: string, delta: 1 | -1) {
  const updates = [
    { id: followerId, follower: true },
    { id: followeeId, follower: false },
  ].sort((a, b) => a.id.localeCompare(b.id));
  for (const { id, follower } of updates) {
    await trx
      .updateTable('users')
      .set((eb) =>
        follower
          ? { following_count: eb('following_count', '+', delta), rules_version: eb('rules_version', '+', 1) }
          : { follower_count: eb('follower_count', '+', delta) },
      )
      .where('id', '=', id)
      .execute();
  }
}

/** A subquery of user ids, such as follows.repo's `relationMembersQuery`. */
type UserIdsQuery = OperandExpression<string>;

/**
 * Takes a user who is going away off the others' counts: each of their followers follows one fewer,
 * each user they follow has one follower fewer. Two statements, read before the follows are deleted;
 * run it holding those users' rows (see `lockRowsInOrder`).
 */
export async function takeOffFollowCounts(
  trx: Db,
  lists: { followers: UserIdsQuery; following: UserIdsQuery },
): Promise<void> {
  const sides = [
    { column: 'following_count', ids: lists.followers },
    { column: 'follower_count', ids: lists.following },
  ] as const;
  for (const { column, ids } of sides) {
    await trx
      .updateTable('users')
      .set((eb) => ({ [column]: eb(column, '-', 1) }))
      .where('id', 'in', ids)
      .execute();
  }
}

/**
 * Up to `limit` users the viewer does not follow yet (nor the viewer), most followed first. It reads
 * `follows` in a NOT EXISTS: the one question about follows that only makes sense joined to users.
 */
export function suggestedUsers(
  db: Db,
  options: { viewerId: string; limit: number },
): Promise<(SummaryRow & { bio: string })[]> {
  return db
    .selectFrom('users')
    .select([...summaryColumns, 'bio'])
    .where('id', '!=', options.viewerId)
    .where('pending_since', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('follows')
            .select('follows.followee_id')
            .where('follows.follower_id', '=', options.viewerId)
            .whereRef('follows.followee_id', '=', 'users.id'),
        ),
      ),
    )
    .orderBy('follower_count', 'desc')
    .orderBy('id')
    .limit(options.limit)
    .execute();
}

/**
 * Sets a new password hash and bumps the token version, provided the hash is still the one the
 * caller checked the current password against (of two changes racing, the second finds it changed).
 * The new token version, or undefined when the hash had changed meanwhile.
 */
export async function replacePassword(
  db: Db,
  id: string,
  checkedHash: string,
  newHash: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ password_hash: newHash, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .where('password_hash', '=', checkedHash)
    .returning('token_version')
    .executeTakeFirst();
  return row?.token_version;
}

/** Deletes a user's row; run it last, after the rows that reference it have been removed with their counts. */
export async function deleteUserRow(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', id).execute();
}

/** How many people have an account (the server's statistics for apps and other servers). */
export function userCount(db: Db): Promise<number> {
  return countOf(db.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('count')));
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
    .selectFrom('users')
    .select(columns)
    .where('suspended_at', 'is not', null)
    .union(db.selectFrom('users').select(columns).where('limited_at', 'is not', null))
    .execute();
}

/** Whether anyone has an account yet (the first becomes the owner). */
export async function hasAnyUser(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function setRole(trx: Db, id: string, role: Role): Promise<void> {
  await trx.updateTable('users').set({ role }).where('id', '=', id).execute();
}

/** Lets a sign-up in; undefined when the account was not waiting for approval. */
export function approvePending(trx: Db, id: string): Promise<UserRow | undefined> {
  return trx
    .updateTable('users')
    .set({ pending_since: null })
    .where('id', '=', id)
    .where('pending_since', 'is not', null)
    .returning(userColumns)
    .executeTakeFirst();
}

/** Deletes an account that was never let in; false when it is not (or no longer) waiting for approval. */
export async function deletePendingUser(trx: Db, id: string): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('users')
    .where('id', '=', id)
    .where('pending_since', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}

/** The people who run the server (owners, admins, moderators; a few, by their index), oldest first. */
export function staffAccounts(db: Db): Promise<(SummaryRow & { role: Role })[]> {
  return db
    .selectFrom('users')
    .select([...summaryColumns, 'role'])
    .where('role', 'in', ['owner', 'admin', 'moderator'])
    .where('pending_since', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The ids of the accounts with one of `roles`, neither waiting for approval nor suspended (a few: staff). */
export async function activeIdsWithRoles(db: Db, roles: readonly Role[]): Promise<string[]> {
  if (roles.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', 'in', roles)
    .where('pending_since', 'is', null)
    .where('suspended_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Whether a suspension or a limit (when it began, when it ends) is in force at `now`: a timed one is over
 * at its end, whether or not the job that clears it has run yet.
 */
export const inForce = (since: string | null, endsAt: string | null, now: Date): boolean =>
  since !== null && (endsAt === null || endsAt > now.toISOString());

/**
 * A suspension begins (or is replaced): the account's every session token stops working (its token
 * version moves), and it ends by itself at `endsAt` (null: until lifted, purged 30 days on).
 */
export async function suspendAccount(
  trx: Db,
  id: string,
  suspension: { at: string; endsAt: string | null },
): Promise<void> {
  await bumpModerationVersion(trx);
  await trx
    .updateTable('users')
    .set((eb) => ({
      suspended_at: suspension.at,
      suspension_ends_at: suspension.endsAt,
      token_version: eb('token_version', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}

export async function unsuspendAccount(trx: Db, id: string): Promise<void> {
  await bumpModerationVersion(trx);
  await trx
    .updateTable('users')
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
    .updateTable('users')
    .set({ limited_at: limit.at, limit_ends_at: limit.endsAt })
    .where('id', '=', id)
    .execute();
}

export async function unlimitAccount(trx: Db, id: string): Promise<void> {
  await bumpModerationVersion(trx);
  await trx
    .updateTable('users')
    .set({ limited_at: null, limit_ends_at: null })
    .where('id', '=', id)
    .execute();
}

/** An account whose timed suspension or limit was lifted. */
export type Lifted = Pick<UserRow, 'id' | 'username'>;

/**
 * Lifts the suspensions and limits whose time is up; the accounts each lifted. Each
 * statement changes only rows still due, so two processes running it at once lift each account once.
 */
export async function liftEndedModeration(
  db: Db,
  now: string,
): Promise<{ unsuspended: Lifted[]; unlimited: Lifted[] }> {
  const unsuspended = await db
    .updateTable('users')
    .set({ suspended_at: null, suspension_ends_at: null })
    .where('suspended_at', 'is not', null)
    .where('suspension_ends_at', '<=', now)
    .returning(['id', 'username'])
    .execute();
  const unlimited = await db
    .updateTable('users')
    .set({ limited_at: null, limit_ends_at: null })
    .where('limited_at', 'is not', null)
    .where('limit_ends_at', '<=', now)
    .returning(['id', 'username'])
    .execute();
  if (unsuspended.length + unlimited.length > 0) await bumpModerationVersion(db);
  return { unsuspended, unlimited };
}

/** Up to `limit` accounts suspended until lifted since `before` or earlier (`users_suspended`). */
export async function suspendedUntilLiftedBefore(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('suspended_at', '<=', before)
    .where('suspension_ends_at', 'is', null)
    .orderBy('suspended_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The accounts a moderator lists: by state (at `now`: a suspension or limit past its time is over). */
export type AccountStatus = 'active' | 'pending' | 'suspended' | 'limited' | 'staff';

export interface AccountFilter {
  /** Each of these (all of them); none: every account. */
  statuses: readonly AccountStatus[];
  /** One of these roles; none: any role. */
  roles: readonly Role[];
  /** A search key (name-keys.ts `searchKey`): usernames, names and email addresses that start with it. */
  prefix: string | undefined;
  now: string;
}

/** The moderators' list of accounts, newest sign-up first. */
export const accountsForModerators = cursorKind('admin-accounts', ['string', 'string']);

/** A window of the accounts `filter` selects, by sign-up time (newest first unless `oldestFirst`). */
export function moderatedAccountWindow(
  db: Db,
  filter: AccountFilter,
  window: TimeWindow,
): Promise<UserRow[]> {
  const { now, prefix } = filter;
  let query = db.selectFrom('users').select(userColumns);
  const current = (since: 'suspended_at' | 'limited_at', ends: 'suspension_ends_at' | 'limit_ends_at') =>
    sql<SqlBool>`(${sql.ref(since)} is not null and (${sql.ref(ends)} is null or ${sql.ref(ends)} > ${now}))`;
  for (const status of filter.statuses) {
    switch (status) {
      case 'suspended':
        query = query.where(current('suspended_at', 'suspension_ends_at'));
        break;
      case 'limited':
        query = query.where(current('limited_at', 'limit_ends_at'));
        break;
      case 'pending':
        query = query.where('pending_since', 'is not', null);
        break;
      case 'staff':
        query = query.where('role', '!=', 'user');
        break;
      case 'active':
        query = query
          .where('pending_since', 'is', null)
          .where(sql<SqlBool>`not ${current('suspended_at', 'suspension_ends_at')}`);
    }
  }
  if (filter.roles.length > 0) query = query.where('role', 'in', filter.roles);
  if (prefix) {
    // Every key that starts with the prefix sorts between it and it followed by the highest character.
    const startsWith = (key: RawBuilder<string>) =>
      sql<SqlBool>`(${key} >= ${prefix} and ${key} < ${`${prefix}\u{10FFFF}`})`;
    const keys = [sql.ref('username_key'), sql.ref('name_key'), sql.ref('last_name_key'), sql`lower(email)`];
    query = query.where((eb) => eb.or(keys.map((key) => startsWith(sql<string>`${key}`))));
  }
  return withinWindow(query, ['created_at', 'id'], window).execute();
}
