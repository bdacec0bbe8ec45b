import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Accounts apart from logins (docs/decisions/125). `users` becomes `accounts`, the actor, local or
 * remote: every foreign key that named users(id) names accounts(id), with the same ids. A new `users`
 * holds a local person's login, keyed by their account: the login columns move there.
 *
 * An account gains what a remote actor needs (`domain`, null for a local one; `uri`, `url`, its inboxes,
 * keys, `fetched_at`) and a `version` of its own. A username is unique on its server: one index on
 * (username_key, domain or ''), as a NULL domain would not equal another in a unique index.
 *
 * Not additive, unlike the migrations before it: a server of an older version cannot run on the schema
 * it leaves (it reads login columns from `accounts`' old name). Upgrade every process across it at once.
 *
 * PostgreSQL renames and drops columns in its transaction. SQLite cannot drop a UNIQUE column constraint
 * (username_key's), so `accounts` is rebuilt there as SQLite's ALTER TABLE page describes, with foreign
 * keys off (a DROP TABLE with them on deletes every row that references the table); SQLite's migrations
 * run outside a transaction (Kysely's SQLite adapter has no transactional DDL), so this one opens its own.
 */

/** The columns that move from the account to the login, in `users`' order. */
const loginColumns = [
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
  'rules_version',
  'quote_policy',
] as const;

/** The columns an account keeps, in its order. */
const keptColumns = [
  'id',
  'username',
  'username_key',
  'first_name',
  'last_name',
  'avatar_url',
  'bio',
  'links',
  'city',
  'follower_count',
  'following_count',
  'created_at',
  'updated_at',
  'name_key',
  'last_name_key',
  'suspended_at',
  'suspension_ends_at',
  'limited_at',
  'limit_ends_at',
  'header_url',
] as const;

const policies = sql`('anyone', 'followers', 'following', 'nobody')`;

/** The actor columns an account gains. */
const actorColumns = [
  ['domain', 'varchar(253)'],
  ['uri', 'varchar(2048)'],
  ['url', 'varchar(2048)'],
  ['inbox_url', 'varchar(2048)'],
  ['shared_inbox_url', 'varchar(2048)'],
  ['public_key_pem', 'text'],
  ['private_key_pem', 'text'],
  ['fetched_at', 'varchar(30)'],
] as const;

/** Indexes of the account kept from `users`, under their new names. */
const accountIndexes = [
  ['users_created', 'accounts_created', ['created_at', 'id']],
  ['users_popular', 'accounts_popular', ['follower_count', 'id']],
  ['users_name_key', 'accounts_name_key', ['name_key', 'id']],
  ['users_last_name_key', 'accounts_last_name_key', ['last_name_key', 'id']],
  ['users_suspended', 'accounts_suspended', ['suspended_at']],
  ['users_limited', 'accounts_limited', ['limited_at']],
] as const;

/** Indexes of the login columns, on whichever table holds them. */
const loginIndexes = [
  ['users_pending', ['pending_since']],
  ['users_by_role', ['role']],
] as const;

const list = (columns: readonly string[]): RawBuilder<unknown> => sql.join(columns.map((c) => sql.ref(c)));

async function createLoginTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('account_id', 'varchar(36)', (c) =>
      c.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email_key', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('email_confirmed_at', 'varchar(30)')
    .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('user'))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('onboarded_at', 'varchar(30)')
    .addColumn('signup_app_id', 'varchar(36)', (c) => c.references('oauth_apps.id').onDelete('set null'))
    .addColumn('pending_since', 'varchar(30)')
    .addColumn('signup_reason', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('invite_id', 'varchar(36)')
    .addColumn('rules_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quote_policy', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('anyone')
        .check(sql`quote_policy in ${policies}`),
    )
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await sql`insert into users (account_id, ${list(loginColumns)}, created_at)
    select id, ${list(loginColumns)}, created_at from accounts`.execute(db);
}

async function createLoginIndexes(db: Kysely<unknown>, table: 'users'): Promise<void> {
  await db.schema
    .createIndex('users_email_key')
    .on(table)
    .column('email_key')
    .unique()
    .where(sql.ref('email_key'), '<>', '')
    .execute();
  for (const [name, columns] of loginIndexes)
    await db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns])
      .execute();
}

async function createAccountKeys(db: Kysely<unknown>): Promise<void> {
  // One local account per name, and one per name on each other server, whatever its case.
  await sql`create unique index accounts_username on accounts (username_key, (coalesce(domain, '')))`.execute(
    db,
  );
  await db.schema
    .createIndex('accounts_uri')
    .on('accounts')
    .column('uri')
    .unique()
    .where(sql.ref('uri'), 'is not', null)
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return withForeignKeysOff(db, () => upOnSqlite(db));
  await sql`alter table users rename to accounts`.execute(db);
  await sql`alter table accounts rename constraint users_pkey to accounts_pkey`.execute(db);
  await sql`alter table accounts drop constraint users_username_key_key`.execute(db);
  await createLoginTable(db);
  // Their indexes (email_key's, pending_since's, role's) and quote_policy's check go with them.
  for (const column of loginColumns) await db.schema.alterTable('accounts').dropColumn(column).execute();
  for (const [column, type] of actorColumns)
    await db.schema.alterTable('accounts').addColumn(column, type).execute();
  await db.schema
    .alterTable('accounts')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [old, name] of accountIndexes)
    await sql`alter index ${sql.ref(old)} rename to ${sql.ref(name)}`.execute(db);
  await createLoginIndexes(db, 'users');
  await createAccountKeys(db);
}

async function upOnSqlite(db: Kysely<unknown>): Promise<void> {
  // Every table that referenced users(id) references accounts(id) from here.
  await sql`alter table users rename to accounts`.execute(db);
  await createLoginTable(db);
  let builder = db.schema
    .createTable('accounts_rebuilt')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(30)', (c) => c.notNull())
    .addColumn('username_key', 'varchar(30)', (c) => c.notNull());
  for (const [column, type] of actorColumns) builder = builder.addColumn(column, type);
  await builder
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('avatar_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('links', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('follower_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('following_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('suspended_at', 'varchar(30)')
    .addColumn('suspension_ends_at', 'varchar(30)')
    .addColumn('limited_at', 'varchar(30)')
    .addColumn('limit_ends_at', 'varchar(30)')
    .addColumn('header_url', 'varchar(2048)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`insert into accounts_rebuilt (${list(keptColumns)}) select ${list(keptColumns)} from accounts`.execute(
    db,
  );
  // Its indexes go with it; the references to it stay, by name, and find the rebuilt table.
  await sql`drop table accounts`.execute(db);
  await sql`alter table accounts_rebuilt rename to accounts`.execute(db);
  for (const [, name, columns] of accountIndexes)
    await db.schema
      .createIndex(name)
      .on('accounts')
      .columns([...columns])
      .execute();
  await createLoginIndexes(db, 'users');
  await createAccountKeys(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return withForeignKeysOff(db, () => downOnSqlite(db));
  await sql`drop index accounts_uri`.execute(db);
  await sql`drop index accounts_username`.execute(db);
  for (const [old, name] of accountIndexes)
    await sql`alter index ${sql.ref(name)} rename to ${sql.ref(old)}`.execute(db);
  for (const [column] of actorColumns) await db.schema.alterTable('accounts').dropColumn(column).execute();
  await db.schema.alterTable('accounts').dropColumn('version').execute();
  await sql`alter table users rename to logins`.execute(db);
  await sql`alter index users_email_key rename to logins_email_key`.execute(db);
  for (const [name] of loginIndexes) await sql`drop index ${sql.ref(name)}`.execute(db);
  await sql`alter table accounts
    add column password_hash text not null default '',
    add column email text not null default '',
    add column email_key varchar(254) not null default '',
    add column email_confirmed_at varchar(30),
    add column role varchar(20) not null default 'user',
    add column token_version integer not null default 0,
    add column onboarded_at varchar(30),
    add column signup_app_id varchar(36) references oauth_apps (id) on delete set null,
    add column pending_since varchar(30),
    add column signup_reason varchar(1000) not null default '',
    add column invite_id varchar(36),
    add column rules_version integer not null default 0,
    add column quote_policy varchar(10) not null default 'anyone' check (quote_policy in ${policies})`.execute(
    db,
  );
  await sql`alter table accounts alter column password_hash drop default`.execute(db);
  await sql`update accounts set ${sql.join(loginColumns.map((c) => sql`${sql.ref(c)} = logins.${sql.ref(c)}`))}
    from logins where logins.account_id = accounts.id`.execute(db);
  await sql`drop table logins`.execute(db);
  await sql`alter table accounts rename to users`.execute(db);
  await sql`alter table users rename constraint accounts_pkey to users_pkey`.execute(db);
  await sql`alter table users add constraint users_username_key_key unique (username_key)`.execute(db);
  await createLoginIndexes(db, 'users');
}

async function downOnSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users rename to logins`.execute(db);
  // Every table that referenced accounts(id) references users(id) again.
  await sql`alter table accounts rename to users`.execute(db);
  await sql`create table users_rebuilt (
    id varchar(36) primary key,
    username varchar(30) not null,
    username_key varchar(30) not null unique,
    password_hash text not null,
    first_name text not null,
    last_name text not null,
    email text default '' not null,
    avatar_url text default '' not null,
    bio text default '' not null,
    links text default '' not null,
    city text default '' not null,
    follower_count integer default 0 not null,
    following_count integer default 0 not null,
    created_at varchar(30) not null,
    updated_at varchar(30) not null,
    name_key text default '' not null,
    last_name_key text default '' not null,
    token_version integer default 0 not null,
    role varchar(20) default 'user' not null,
    suspended_at varchar(30),
    suspension_ends_at varchar(30),
    limited_at varchar(30),
    limit_ends_at varchar(30),
    pending_since varchar(30),
    signup_reason varchar(1000) default '' not null,
    invite_id varchar(36),
    header_url varchar(2048) default '' not null,
    quote_policy varchar(10) default 'anyone' not null check (quote_policy in ${policies}),
    email_key varchar(254) default '' not null,
    email_confirmed_at varchar(30),
    onboarded_at varchar(30),
    signup_app_id varchar(36) references oauth_apps (id) on delete set null,
    rules_version integer default 0 not null)`.execute(db);
  const loginsOf = loginColumns.map((c) => sql`logins.${sql.ref(c)}`);
  await sql`insert into users_rebuilt (${list(keptColumns)}, ${list(loginColumns)})
    select ${sql.join(keptColumns.map((c) => sql`users.${sql.ref(c)}`))}, ${sql.join(loginsOf)}
    from users join logins on logins.account_id = users.id`.execute(db);
  await sql`drop table logins`.execute(db);
  await sql`drop table users`.execute(db);
  await sql`alter table users_rebuilt rename to users`.execute(db);
  for (const [old, , columns] of accountIndexes)
    await db.schema
      .createIndex(old)
      .on('users')
      .columns([...columns])
      .execute();
  await createLoginIndexes(db, 'users');
}

const isSqlite = (db: Kysely<unknown>): boolean => !(db.getExecutor().adapter instanceof PostgresAdapter);

/**
 * Runs a rebuild of SQLite tables in a transaction of its own, with foreign keys off (they cannot be
 * turned off inside one), and checks that every reference still finds its row before committing.
 */
async function withForeignKeysOff(db: Kysely<unknown>, rebuild: () => Promise<void>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await rebuild();
      const { rows } = await sql`pragma foreign_key_check`.execute(db);
      if (rows.length > 0) throw new Error(`References left without their row: ${JSON.stringify(rows)}`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
