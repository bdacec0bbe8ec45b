import type { Kysely } from 'kysely';

/**
 * The Mastodon client API (docs/decisions/070): OAuth 2 applications, their one-use authorization
 * codes and their access tokens (each stored as a SHA-256 hash, never as itself); the reading positions
 * apps keep (markers); and, for replies, which comment a comment answers (a Mastodon reply to a reply).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_apps')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('website', 'varchar(2000)')
    /** One or more redirect URIs, one per line, as the app registered them. */
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('scopes', 'varchar(2000)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('client_secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('oauth_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(36)', (c) => c.notNull().references('oauth_apps.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'varchar(2000)', (c) => c.notNull())
    .addColumn('scopes', 'varchar(2000)', (c) => c.notNull())
    .addColumn('code_challenge', 'varchar(200)')
    .addColumn('code_challenge_method', 'varchar(10)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('oauth_tokens')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('app_id', 'varchar(36)', (c) => c.notNull().references('oauth_apps.id').onDelete('cascade'))
    /** Null for an app's own token (client_credentials): it reads public data and acts as nobody. */
    .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('scopes', 'varchar(2000)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('oauth_tokens_by_user')
    .on('oauth_tokens')
    .columns(['user_id', 'app_id'])
    .execute();

  await db.schema
    .createTable('markers')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('timeline', 'varchar(20)', (c) => c.notNull())
    .addColumn('last_read_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('markers_pk', ['user_id', 'timeline'])
    .execute();

  await db.schema
    .alterTable('comments')
    .addColumn('reply_to_id', 'varchar(36)', (c) => c.references('comments.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('comments').dropColumn('reply_to_id').execute();
  for (const table of ['markers', 'oauth_tokens', 'oauth_codes', 'oauth_apps']) {
    await db.schema.dropTable(table).execute();
  }
}
