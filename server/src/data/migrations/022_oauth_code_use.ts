import type { Kysely } from 'kysely';

/**
 * What the token endpoint needs to remember of an authorization code (docs/decisions/110):
 * - `redirect_uri_named`: 1 when the authorization request named its redirect URI, which the token
 *   request must then name again (RFC 6749 section 4.1.3); 0 when it named none and the app's one
 *   registered URI was used, as for every code written before this migration.
 * - `exchanged_at` and `token_id`: a code is no longer deleted when it is exchanged but marked, with the
 *   token it gave, so that a second exchange is refused and ends that token (section 4.1.2). The scheduled
 *   jobs delete codes a day after they were issued.
 * A server still on the previous version goes on writing codes (the defaults) and deleting them as it
 * exchanges them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('oauth_codes')
    .addColumn('redirect_uri_named', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('oauth_codes').addColumn('exchanged_at', 'varchar(30)').execute();
  await db.schema
    .alterTable('oauth_codes')
    .addColumn('token_id', 'varchar(36)', (c) => c.references('oauth_tokens.id').onDelete('set null'))
    .execute();
  // The purge reads codes by age.
  await db.schema.createIndex('oauth_codes_by_age').on('oauth_codes').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('oauth_codes_by_age').execute();
  for (const column of ['token_id', 'exchanged_at', 'redirect_uri_named'])
    await db.schema.alterTable('oauth_codes').dropColumn(column).execute();
}
