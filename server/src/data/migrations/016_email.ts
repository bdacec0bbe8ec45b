import { sql, type Kysely } from 'kysely';

/**
 * Accounts by email (issue 29, docs/decisions/100).
 * - `users.email_key`: the address lower-cased, unique among non-empty keys, so one address is one
 *   account whatever its case. Addresses two accounts already share keep the key on the oldest account
 *   only; the later ones keep their `email` (nothing is lost, their owners still see it) with an empty
 *   key, so a password reset for that address reaches the account that had it first, and the later
 *   owners are asked for another address only when they next change it. Nothing is deleted.
 * - `users.email_confirmed_at`: when the address was confirmed by following a link; null until then.
 * - `email_tokens`: single-use links sent by email (confirm an address, reset a password, change the
 *   address to `new_email`), stored as the SHA-256 of the token, never the token itself.
 * - The demo's shared guest (seeded as `guest` with guest@example.com) is named in `instance_settings`
 *   (`shared_guest`), so its password, address and account are locked on an existing demo too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email_key', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('users').addColumn('email_confirmed_at', 'varchar(30)').execute();
  await sql`update users set email_key = lower(trim(email)) where trim(email) <> ''`.execute(db);
  await sql`
    update users set email_key = ''
    where email_key <> '' and exists (
      select 1 from users earlier
      where earlier.email_key = users.email_key
        and (earlier.created_at < users.created_at
          or (earlier.created_at = users.created_at and earlier.id < users.id)))`.execute(db);
  await db.schema
    .createIndex('users_email_key')
    .on('users')
    .column('email_key')
    .unique()
    .where(sql.ref('email_key'), '<>', '')
    .execute();
  await db.schema
    .createTable('email_tokens')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(10)', (c) =>
      c.notNull().check(sql`purpose in ('confirm', 'reset', 'change')`),
    )
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    /** The address the link confirms: the account's at the time ('confirm'), or the one it changes to. */
    .addColumn('new_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('email_tokens_by_user')
    .on('email_tokens')
    .columns(['user_id', 'purpose'])
    .execute();
  await sql`
    insert into instance_settings (key, value, updated_at)
    select 'shared_guest', id, created_at from users
    where username_key = 'guest' and email = 'guest@example.com'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from instance_settings where key = 'shared_guest'`.execute(db);
  await db.schema.dropTable('email_tokens').execute();
  await db.schema.dropIndex('users_email_key').execute();
  await db.schema.alterTable('users').dropColumn('email_confirmed_at').execute();
  await db.schema.alterTable('users').dropColumn('email_key').execute();
}
