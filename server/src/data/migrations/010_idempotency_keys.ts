import type { Kysely } from 'kysely';

/**
 * The Mastodon API's `Idempotency-Key` (docs/decisions/070): which status a person's key made, so the
 * same request sent again within an hour answers that status instead of posting twice. The key is
 * stored as its SHA-256 hash (apps send any text); the status is a post or a comment, so no foreign key
 * names it. Keys older than an hour are deleted by the writes that add keys, by `created_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('status_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key_hash'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_by_age')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
