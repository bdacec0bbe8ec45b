import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Sharing (issue 28, docs/decisions/092): reposts, quote posts with the quoted author's consent, and the
 * notifications they and edits raise.
 * - `reposts`: one row per person and post (the unique pair makes a repost idempotent); its own id is
 *   the repost's in timelines (UUIDv7, time-ordered like a post's). `posts.repost_count` counts them.
 * - `posts.quoted_post_id`: the post this one quotes; set null when that post is deleted, while
 *   `quote_state` stays, so the quote shows a placeholder. `quote_state`: null (not a quote),
 *   `accepted`, or `revoked` (the quoted author detached it).
 * - `posts.quote_policy` (per post) and `users.quote_policy` (the default for new posts): who may quote.
 * - `follows.show_reposts`: 0 hides the followed person's reposts from the follower's timeline.
 * - Notification types `repost`, `quote`, `update` (a post one liked, commented, reposted, quoted or
 *   bookmarked was edited) and `quoted_update` (a post one quoted was edited).
 */
const policies = sql`('anyone', 'followers', 'following', 'nobody')`;
const typesBefore = sql`('like', 'comment', 'mention', 'follow', 'upvote', 'moderation_warning', 'report_resolved')`;
const typesAfter = sql`('like', 'comment', 'mention', 'follow', 'upvote', 'moderation_warning', 'report_resolved', 'repost', 'quote', 'update', 'quoted_update')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reposts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'varchar(36)', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('reposts_once', ['user_id', 'post_id'])
    .execute();
  await db.schema
    .createIndex('reposts_by_user')
    .on('reposts')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('reposts_by_post')
    .on('reposts')
    .columns(['post_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('repost_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('quoted_post_id', 'varchar(36)', (c) => c.references('posts.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('quote_state', 'varchar(10)', (c) => c.check(sql`quote_state in ('accepted', 'revoked')`))
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('quote_policy', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('anyone')
        .check(sql`quote_policy in ${policies}`),
    )
    .execute();
  await db.schema
    .createIndex('posts_by_quoted')
    .on('posts')
    .columns(['quoted_post_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('quote_policy', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('anyone')
        .check(sql`quote_policy in ${policies}`),
    )
    .execute();
  await db.schema
    .alterTable('follows')
    .addColumn('show_reposts', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await changeNotificationTypes(db, typesAfter);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notifications where type in ('repost', 'quote', 'update', 'quoted_update')`.execute(
    db,
  );
  await changeNotificationTypes(db, typesBefore);
  await db.schema.alterTable('follows').dropColumn('show_reposts').execute();
  await db.schema.alterTable('users').dropColumn('quote_policy').execute();
  await db.schema.dropIndex('posts_by_quoted').execute();
  for (const column of ['quote_policy', 'quote_state', 'quoted_post_id', 'repost_count'])
    await db.schema.alterTable('posts').dropColumn(column).execute();
  await db.schema.dropTable('reposts').execute();
}

async function changeNotificationTypes(db: Kysely<unknown>, types: ReturnType<typeof sql>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table notifications drop constraint notifications_type_check`.execute(db);
    await sql`alter table notifications add constraint notifications_type_check check (type in ${types})`.execute(
      db,
    );
    return;
  }
  await rebuildOnSqlite(db, types);
}

/**
 * SQLite cannot change a check: `notifications` is made again as SQLite's twelve steps say
 * (https://sqlite.org/lang_altertable.html#otheralter), as migration 012 did, with foreign keys off so
 * that dropping the old table deletes nothing under it. Copied from 012: a migration never changes.
 */
async function rebuildOnSqlite(db: Kysely<unknown>, types: ReturnType<typeof sql>): Promise<void> {
  await db.connection().execute(async (connection) => {
    const run = (statement: ReturnType<typeof sql>) => statement.execute(connection);
    await run(sql`pragma foreign_keys = off`);
    const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(connection);
    if (rows[0]?.foreign_keys !== 0) throw new Error('Migration 015 must run outside a transaction.');
    let began = false;
    try {
      await run(sql`begin immediate`);
      began = true;
      await run(sql`create table notifications_new (
        id varchar(36) primary key,
        recipient_id varchar(36) not null references users (id) on delete cascade,
        type varchar(30) not null check (type in ${types}),
        group_key varchar(36) not null,
        post_id varchar(36) references posts (id) on delete cascade,
        comment_id varchar(36) references comments (id) on delete cascade,
        actor_count integer not null,
        latest_at varchar(30) not null,
        constraint notifications_group unique (recipient_id, type, group_key)
      )`);
      await run(sql`insert into notifications_new
        select id, recipient_id, type, group_key, post_id, comment_id, actor_count, latest_at from notifications`);
      await run(sql`drop table notifications`);
      await run(sql`alter table notifications_new rename to notifications`);
      await run(sql`create index notifications_by_recipient on notifications (recipient_id, latest_at, id)`);
      await run(sql`create index notifications_by_post on notifications (post_id)`);
      await run(sql`create index notifications_by_comment on notifications (comment_id)`);
      const broken = await sql`pragma foreign_key_check`.execute(connection);
      if (broken.rows.length > 0) throw new Error('Migration 015 would leave rows with broken foreign keys.');
      await run(sql`commit`);
    } catch (error) {
      if (began) await run(sql`rollback`);
      throw error;
    } finally {
      await run(sql`pragma foreign_keys = on`);
    }
  });
}
