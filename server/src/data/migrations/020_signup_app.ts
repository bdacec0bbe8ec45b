import type { Kysely } from 'kysely';

/**
 * `users.signup_app_id`: the Mastodon app that signed the person up (`POST /api/v1/accounts`), null for
 * a sign-up on Sync's own pages and for every account before this migration. Only that app may ask for
 * the confirmation link again or correct the unconfirmed address (`POST /api/v1/emails/confirmations`,
 * docs/decisions/100), as in Mastodon: another app the person authorized must not point their address,
 * and with it a password reset, somewhere else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('signup_app_id', 'varchar(36)', (c) => c.references('oauth_apps.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('signup_app_id').execute();
}
