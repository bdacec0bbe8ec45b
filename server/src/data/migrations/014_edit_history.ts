import type { Kysely } from 'kysely';

/**
 * Edit history (issue 28): every edit of a post or a comment keeps the version it replaced, so anyone
 * who may read the post can see what it said before (docs/decisions/091). A version goes with its post
 * or comment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('edit_history')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('post_id', 'varchar(36)', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    /** Null: a version of the post itself. */
    .addColumn('comment_id', 'varchar(36)', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('sensitive', 'integer', (c) => c.notNull().defaultTo(0))
    /** The images it showed, as JSON: `[{id, description}]` in their order. */
    .addColumn('media', 'text', (c) => c.notNull().defaultTo('[]'))
    /** From when it was shown (the post's creation or the edit before). */
    .addColumn('written_at', 'varchar(30)', (c) => c.notNull())
    /** The edit that replaced it. */
    .addColumn('replaced_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('edit_history_by_item')
    .on('edit_history')
    .columns(['post_id', 'comment_id', 'replaced_at'])
    .execute();
  await db.schema.createIndex('edit_history_by_comment').on('edit_history').column('comment_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('edit_history').execute();
}
