import type { Kysely } from 'kysely';

/**
 * `posts.version` moves with everything a post shows (its text, likes, dislikes, comments and their
 * votes), in the same transaction as the change, so a hydrated post cached under (id, version) is
 * current exactly while the database says that version. Voters of a comment are read in order for
 * the capped lists, hence their index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('comment_votes_by_comment')
    .on('comment_votes')
    .columns(['comment_id', 'kind', 'created_at', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('comment_votes_by_comment').execute();
  await db.schema.alterTable('posts').dropColumn('version').execute();
}
