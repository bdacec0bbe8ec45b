import type { Selectable } from 'kysely';
import type { Db } from './database.js';
import { unweighed } from '../platform/db/unweighed.js';
import type { AccountsTable, UsersTable } from './schema.js';

/**
 * The rows of people (docs/decisions/125): an account (the actor, `accounts.repo.ts` writes it), a
 * login (`users.repo.ts`), and a local person, who is both, read joined. Here so that both repositories
 * read them alike without importing each other.
 */

/** An actor, local or remote; the search keys stay with people search, the private key with signing. */
export type AccountRow = Omit<Selectable<AccountsTable>, 'name_key' | 'last_name_key' | 'private_key_pem'>;

/** A local person's login; its rules version stays with the rules (read/rules). */
export type LoginRow = Omit<Selectable<UsersTable>, 'account_id' | 'created_at' | 'rules_version'>;

/** A local person: their account and their login, read joined. */
export type UserRow = AccountRow & LoginRow;

/** What a user summary (an author, a liker, a follower) is built from: the account alone. */
export type SummaryRow = Pick<AccountRow, 'id' | 'username' | 'first_name' | 'last_name' | 'avatar_url'>;

export const summaryColumns = ['id', 'username', 'first_name', 'last_name', 'avatar_url'] as const;

/** Every column of an `AccountRow`, named: a statement prepared on PostgreSQL must not read `*`. */
export const accountColumns = [
  'id',
  'username',
  'username_key',
  'domain',
  'uri',
  'url',
  'inbox_url',
  'shared_inbox_url',
  'public_key_pem',
  'fetched_at',
  'version',
  'first_name',
  'last_name',
  'avatar_url',
  'header_url',
  'bio',
  'links',
  'city',
  'follower_count',
  'following_count',
  'created_at',
  'updated_at',
  'suspended_at',
  'suspension_ends_at',
  'limited_at',
  'limit_ends_at',
] as const satisfies readonly (keyof AccountRow)[];

/** Every column of a `LoginRow`. */
export const loginColumns = [
  'password_hash',
  'email',
  'email_key',
  'email_confirmed_at',
  'role',
  'token_version',
  'onboarded_at',
  'signup_app_id',
  'pending_since',
  'signup_reason',
  'invite_id',
  'quote_policy',
] as const satisfies readonly (keyof LoginRow)[];

type Qualified<Table extends string, Columns extends readonly string[]> = {
  [Index in keyof Columns]: `${Table}.${Columns[Index]}`;
};

const qualified = <Table extends string, const Columns extends readonly string[]>(
  table: Table,
  columns: Columns,
): Qualified<Table, Columns> => columns.map((column) => `${table}.${column}`) as Qualified<Table, Columns>;

/** Every column of a `UserRow`, each named with its table (`created_at` is in both). */
export const userColumns = [
  ...qualified('accounts', accountColumns),
  ...qualified('users', loginColumns),
] as const;

/** Local people: accounts with their logins. Name every column with its table in what follows. */
export const localPeople = (db: Db) =>
  db.selectFrom('accounts').innerJoin('users', 'users.account_id', 'accounts.id');

/** A local person by account id, in one statement (after a write of either table, in its transaction). */
export function localPersonById(db: Db, id: string): Promise<UserRow | undefined> {
  return localPeople(db).select(userColumns).where('accounts.id', '=', unweighed(id)).executeTakeFirst();
}
