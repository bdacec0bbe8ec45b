import { sql, type Kysely } from 'kysely';

/**
 * Tags recorded when a text is written, for comments too (docs/decisions/127). `comment_tags` holds a
 * comment's tags as `post_tags` holds a post's; both keep each tag's `position`, its order in the text
 * (the order a Mastodon status lists its tags in). A post tag written before this migration has none.
 *
 * The rows of texts written before cannot be filled here: that needs the text parser, and a migration
 * imports no live code. So where such texts exist, this inserts the first job of their backfill
 * (`tags backfill`, use-cases/shared/text-entities.ts) into the durable job queue (migration 026), in
 * the migration's own step; a new database has none to fill and gets no job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('post_tags').addColumn('position', 'integer').execute();
  await db.schema
    .createTable('comment_tags')
    .addColumn('comment_id', 'varchar(36)', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(100)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_tags_pk', ['comment_id', 'tag'])
    .execute();
  const now = new Date().toISOString();
  await sql`
    insert into jobs (id, kind, payload, state, attempts, run_at, created_at)
    select ${backfillJobId}, 'tags backfill', ${JSON.stringify({ run: '029', texts: 'posts', after: null })}, 'queued', 0, ${now}, ${now}
    where exists (select 1 from post_tags) or exists (select 1 from comments)
  `.execute(db);
}

/** The first backfill job's id: fixed, so that the migration's job is one row whatever happens. */
const backfillJobId = '00000000-0000-7000-8000-000000000029';

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from jobs where kind = 'tags backfill'`.execute(db);
  await db.schema.dropTable('comment_tags').execute();
  await db.schema.alterTable('post_tags').dropColumn('position').execute();
}
