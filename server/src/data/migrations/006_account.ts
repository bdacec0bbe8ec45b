import type { Kysely } from 'kysely';

/**
 * `users.token_version`: a token is valid only while it carries the user's current version, so a
 * password change (which bumps it) signs every older session out. Tokens issued before this column
 * existed carry no version and count as 0.
 *
 * The per-user indexes of reactions, comments and comment votes gain the row's other key, so a user's
 * rows can be read in keyset pages (the account export) as index range scans instead of sorting all of
 * them for every page. Every query that used them (by user alone) is served as before.
 */
const widened = [
  { name: 'post_reactions_by_user', table: 'post_reactions', user: 'user_id', key: 'post_id' },
  { name: 'comments_by_author', table: 'comments', user: 'author_id', key: 'id' },
  { name: 'comment_votes_by_user', table: 'comment_votes', user: 'user_id', key: 'comment_id' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const { name, table, user, key } of widened) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on(table).columns([user, key]).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { name, table, user } of widened) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on(table).columns([user]).execute();
  }
  await db.schema.alterTable('users').dropColumn('token_version').execute();
}
