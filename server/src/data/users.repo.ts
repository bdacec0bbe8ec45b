import { sql, type CompiledQuery, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Dialect } from './database.js';
import { countOf } from '../platform/db/count.js';
import { isOneOf, loadInChunks } from '../platform/db/chunks.js';
import { hasNul } from '../platform/db/nul.js';
import { preparedOnPostgres } from '../platform/db/prepared.js';
import { unweighed } from '../platform/db/unweighed.js';
import type { QuotePolicy, Role } from './schema.js';
import { cursorKind, withinWindow, type CursorKey, type TimeWindow } from '../platform/db/keyset.js';
import {
  localPeople,
  localPersonById,
  summaryColumns,
  userColumns,
  type LoginRow,
  type SummaryRow,
  type UserRow,
} from './account-rows.js';

export type { UserRow } from './account-rows.js';

/**
 * The `users` table: local people's logins (docs/decisions/125). A person's row is read joined with
 * their account (account-rows.ts); their account itself is written by accounts.repo.ts.
 */

export const usersBySignup = cursorKind('users', ['string', 'string']);

/**
 * Every signed-in request reads its viewer's row: the statement is compiled once per database (its
 * only parameter is the id) and prepared on PostgreSQL, where planning it took longer than running it.
 */
const userByIdStatement = compiledOnce((db) =>
  localPeople(db)
    .modifyFront(preparedOnPostgres)
    .select(userColumns)
    .where('accounts.id', '=', unweighed(''))
    .compile(),
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
  if (hasNul(username)) return undefined;
  return localPeople(db)
    .modifyFront(preparedOnPostgres)
    .select(userColumns)
    .where('accounts.username_key', '=', unweighed(username.toLowerCase()))
    .executeTakeFirst();
}

export function usersByIds(db: Db, dialect: Dialect, ids: readonly string[]): Promise<UserRow[]> {
  return loadInChunks(ids, (chunk) =>
    localPeople(db)
      .modifyFront(preparedOnPostgres)
      .select(userColumns)
      .where(isOneOf(dialect, 'accounts.id', chunk))
      .execute(),
  );
}

/** The sign-up state of a login nobody has acted on yet. */
export const unmoderated = {
  role: 'user',
  pending_since: null,
  signup_reason: '',
  invite_id: null,
} as const satisfies Partial<LoginRow>;

/** A new login's row, for the account `account_id`: the sign-up state as `unmoderated` unless given. */
export type NewLoginRow = Omit<LoginRow, keyof typeof unmoderated> &
  Partial<Pick<LoginRow, keyof typeof unmoderated>> & { account_id: string; created_at: string };

export async function insertLogin(db: Db, row: NewLoginRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

/** The key an address is unique and looked up by: one address is one account whatever its case. */
export const emailKeyOf = (email: string): string => email.trim().toLowerCase();

/** The account whose address this is (any case); none for an empty address. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const key = emailKeyOf(email);
  if (key === '' || hasNul(key)) return undefined;
  return localPeople(db).select(userColumns).where('users.email_key', '=', key).executeTakeFirst();
}

/** Marks the address confirmed, if it is still the account's; whether it was. */
export async function confirmEmail(trx: Db, id: string, email: string, at: string): Promise<boolean> {
  const row = await trx
    .updateTable('users')
    .set({ email_confirmed_at: at })
    .where('account_id', '=', id)
    .where('email', '=', email)
    .returning('account_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The person's new address, confirmed by its link at `at` (the unique key refuses one in use); the
 * person as they are after. Their account's `updated_at` moves with it (accounts.repo's
 * `markAccountUpdated`, in the same transaction).
 */
export async function changeEmail(
  trx: Db,
  id: string,
  email: string,
  at: string,
): Promise<UserRow | undefined> {
  const changed = await trx
    .updateTable('users')
    .set({ email, email_key: emailKeyOf(email), email_confirmed_at: at })
    .where('account_id', '=', id)
    .returning('account_id')
    .executeTakeFirst();
  return changed && localPersonById(trx, id);
}

/**
 * A new address in place of one never confirmed (a typo at sign-up), still unconfirmed; none when the
 * address was confirmed meanwhile. The unique key refuses one in use. As `changeEmail`, the account's
 * `updated_at` moves in the same transaction.
 */
export async function replaceUnconfirmedEmail(
  trx: Db,
  id: string,
  email: string,
): Promise<UserRow | undefined> {
  const replaced = await trx
    .updateTable('users')
    .set({ email, email_key: emailKeyOf(email) })
    .where('account_id', '=', id)
    .where('email_confirmed_at', 'is', null)
    .returning('account_id')
    .executeTakeFirst();
  return replaced && localPersonById(trx, id);
}

/** The welcome finished or skipped at `at`; the first time is kept. Whether the account exists. */
export async function markOnboarded(db: Db, id: string, at: string): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ onboarded_at: sql<string>`coalesce(onboarded_at, ${at})` })
    .where('account_id', '=', id)
    .returning('account_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Who may quote the person's new posts by default (their preferences); the person as they are after. */
export async function setQuotePolicy(db: Db, id: string, policy: QuotePolicy): Promise<UserRow | undefined> {
  const changed = await db
    .updateTable('users')
    .set({ quote_policy: policy })
    .where('account_id', '=', id)
    .returning('account_id')
    .executeTakeFirst();
  return changed && localPersonById(db, id);
}

/**
 * Call in the transaction of any change to what these people's rules hold (a block: both people's; a
 * mute, a filter, notification settings, a follow: the person's own). See docs/decisions/112.
 */
export async function bumpRulesVersions(trx: Db, ids: readonly string[]): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ rules_version: eb('rules_version', '+', 1) }))
    .where('account_id', 'in', ids)
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
      eb.selectFrom('users').select('rules_version').where('account_id', '=', '').as('viewer'),
    ])
    .compile(),
);

/**
 * Local people in sign-up order: one page, or the first `limit`. Here and in every list of people, an
 * account waiting for a moderator's approval is left out: nobody has let it in yet.
 */
export function userPage(
  db: Db,
  after: CursorKey<typeof usersBySignup.shape> | undefined,
  limit: number,
): Promise<UserRow[]> {
  let query = localPeople(db).select(userColumns).where('users.pending_since', 'is', null);
  if (after) {
    const [createdAt, id] = after;
    query = query.where((eb) =>
      eb(eb.refTuple('accounts.created_at', 'accounts.id'), '>', eb.tuple(createdAt, id)),
    );
  }
  return query.orderBy('accounts.created_at').orderBy('accounts.id').limit(limit).execute();
}

/** The newest `limit` sign-ups, in sign-up order (the capped form of the spec's "every user"). */
export async function newestUsers(db: Db, limit: number): Promise<UserRow[]> {
  const rows = await localPeople(db)
    .select(userColumns)
    .where('users.pending_since', 'is', null)
    .orderBy('accounts.created_at', 'desc')
    .orderBy('accounts.id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
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
    .where('account_id', '=', id)
    .where('password_hash', '=', checkedHash)
    .returning('token_version')
    .executeTakeFirst();
  return row?.token_version;
}

/** Every session token of the person stops working (a suspension): their token version moves. */
export async function endSessions(trx: Db, id: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('account_id', '=', id)
    .execute();
}

/** How many people have an account here (the server's statistics for apps and other servers). */
export function userCount(db: Db): Promise<number> {
  return countOf(db.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('count')));
}

/** Whether anyone has an account yet (the first becomes the owner). */
export async function hasAnyUser(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('account_id').limit(1).executeTakeFirst()) !== undefined;
}

export async function setRole(trx: Db, id: string, role: Role): Promise<void> {
  await trx.updateTable('users').set({ role }).where('account_id', '=', id).execute();
}

/** Lets a sign-up in; undefined when the account was not waiting for approval. */
export async function approvePending(trx: Db, id: string): Promise<UserRow | undefined> {
  const approved = await trx
    .updateTable('users')
    .set({ pending_since: null })
    .where('account_id', '=', id)
    .where('pending_since', 'is not', null)
    .returning('account_id')
    .executeTakeFirst();
  return approved && localPersonById(trx, id);
}

/** The people who run the server (owners, admins, moderators; a few, by their index), oldest first. */
export function staffAccounts(db: Db): Promise<(SummaryRow & { role: Role })[]> {
  return localPeople(db)
    .select([...summaryColumns.map((column) => `accounts.${column}` as const), 'users.role'])
    .where('users.role', 'in', ['owner', 'admin', 'moderator'])
    .where('users.pending_since', 'is', null)
    .orderBy('accounts.created_at')
    .orderBy('accounts.id')
    .execute();
}

/** The ids of the accounts with one of `roles`, neither waiting for approval nor suspended (a few: staff). */
export async function activeIdsWithRoles(db: Db, roles: readonly Role[]): Promise<string[]> {
  if (roles.length === 0) return [];
  const rows = await localPeople(db)
    .select('accounts.id')
    .where('users.role', 'in', roles)
    .where('users.pending_since', 'is', null)
    .where('accounts.suspended_at', 'is', null)
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
  let query = localPeople(db).select(userColumns);
  const current = (
    since: 'accounts.suspended_at' | 'accounts.limited_at',
    ends: 'accounts.suspension_ends_at' | 'accounts.limit_ends_at',
  ) =>
    sql<SqlBool>`(${sql.ref(since)} is not null and (${sql.ref(ends)} is null or ${sql.ref(ends)} > ${now}))`;
  for (const status of filter.statuses) {
    switch (status) {
      case 'suspended':
        query = query.where(current('accounts.suspended_at', 'accounts.suspension_ends_at'));
        break;
      case 'limited':
        query = query.where(current('accounts.limited_at', 'accounts.limit_ends_at'));
        break;
      case 'pending':
        query = query.where('users.pending_since', 'is not', null);
        break;
      case 'staff':
        query = query.where('users.role', '!=', 'user');
        break;
      case 'active':
        query = query
          .where('users.pending_since', 'is', null)
          .where(sql<SqlBool>`not ${current('accounts.suspended_at', 'accounts.suspension_ends_at')}`);
    }
  }
  if (filter.roles.length > 0) query = query.where('users.role', 'in', filter.roles);
  if (prefix) {
    // Every key that starts with the prefix sorts between it and it followed by the highest character.
    const startsWith = (key: RawBuilder<string>) =>
      sql<SqlBool>`(${key} >= ${prefix} and ${key} < ${`${prefix}\u{10FFFF}`})`;
    const keys = [
      sql.ref('accounts.username_key'),
      sql.ref('accounts.name_key'),
      sql.ref('accounts.last_name_key'),
      sql`lower(users.email)`,
    ];
    query = query.where((eb) => eb.or(keys.map((key) => startsWith(sql<string>`${key}`))));
  }
  return withinWindow(query, ['accounts.created_at', 'accounts.id'], window).execute();
}
