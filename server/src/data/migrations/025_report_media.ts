import type { Kysely } from 'kysely';

/**
 * The images of reported posts and comments, as they were when reported (issue 44): which media rows,
 * with their alt text and sizes then. While the report is open its images' files are kept, even when
 * the author deletes the post or the image (the media sweep skips them); once it is resolved they go
 * as any other removed media. A row goes with its report, and with its media row once the files are
 * deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_media')
    .addColumn('report_id', 'varchar(36)', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('media_id', 'varchar(36)', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('post_id', 'varchar(36)', (c) => c.notNull())
    /** Null: the post's own image. */
    .addColumn('comment_id', 'varchar(36)')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('description', 'varchar(1500)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('preview_width', 'integer', (c) => c.notNull())
    .addColumn('preview_height', 'integer', (c) => c.notNull())
    .addColumn('blurhash', 'varchar(100)', (c) => c.notNull())
    .addColumn('focus_x', 'real', (c) => c.notNull())
    .addColumn('focus_y', 'real', (c) => c.notNull())
    .addColumn('animated', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_media_pk', ['report_id', 'media_id'])
    .execute();
  // The sweep asks, for each removed media row, whether an open report holds it.
  await db.schema.createIndex('report_media_by_media').on('report_media').column('media_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_media').execute();
}
