import type { Kysely } from 'kysely';

/**
 * Photos (docs/decisions/090): the `media` table, one row per uploaded image with its two stored files
 * (`<key>.<ext>`, `<key>.small.webp`), and what posts, comments and users need of it.
 *
 * A row outlives what it was attached to until its files are gone: the foreign keys set null rather
 * than cascade, and the deletions that take a post, a comment or an account mark their media
 * `removed_at` in their transaction. The media sweep (use-cases/shared/media.ts) deletes the files, then the
 * row; it also takes uploads left unattached for a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    /** 'attachment' (a post's or a comment's), 'avatar' or 'header'. */
    .addColumn('purpose', 'varchar(12)', (c) => c.notNull())
    .addColumn('post_id', 'varchar(36)', (c) => c.references('posts.id').onDelete('set null'))
    .addColumn('comment_id', 'varchar(36)', (c) => c.references('comments.id').onDelete('set null'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    /** Random and unguessable: the files' names start with it. */
    .addColumn('key', 'varchar(40)', (c) => c.notNull().unique())
    /** The stored original's type and file extension (a GIF is stored as an animated WebP). */
    .addColumn('content_type', 'varchar(30)', (c) => c.notNull())
    .addColumn('extension', 'varchar(8)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('preview_width', 'integer', (c) => c.notNull())
    .addColumn('preview_height', 'integer', (c) => c.notNull())
    .addColumn('blurhash', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(1500)', (c) => c.notNull().defaultTo(''))
    .addColumn('focus_x', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('focus_y', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('animated', 'integer', (c) => c.notNull().defaultTo(0))
    /** Both files together: what counts against the owner's quota. */
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    /** Since when nothing shows it (uploaded and not yet posted, or its post deleted for a redraft). */
    .addColumn('unattached_since', 'varchar(30)')
    /** Its files are to be deleted: nothing may show it any more. */
    .addColumn('removed_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('media_by_post').on('media').columns(['post_id', 'position']).execute();
  await db.schema.createIndex('media_by_comment').on('media').column('comment_id').execute();
  await db.schema.createIndex('media_by_owner').on('media').columns(['owner_id', 'purpose']).execute();
  await db.schema.createIndex('media_unattached').on('media').column('unattached_since').execute();
  await db.schema.createIndex('media_removed').on('media').column('removed_at').execute();

  /** How many images a post or a comment shows: reads look for media only where there are some. */
  await db.schema
    .alterTable('posts')
    .addColumn('media_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('sensitive', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('comments')
    .addColumn('media_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('header_url', 'varchar(2048)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('header_url').execute();
  await db.schema.alterTable('comments').dropColumn('media_count').execute();
  await db.schema.alterTable('posts').dropColumn('sensitive').execute();
  await db.schema.alterTable('posts').dropColumn('media_count').execute();
  await db.schema.dropTable('media').execute();
}
