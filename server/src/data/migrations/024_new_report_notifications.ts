import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Notification type `new_report` (issue 44): a report was filed, told to every staff member who
 * handles reports (`group_key` is the report). `notifications.type` is checked against its list, so
 * the check changes: in place on PostgreSQL, by making the table again on SQLite.
 */
const typesBefore = sql`('like', 'comment', 'mention', 'follow', 'upvote', 'moderation_warning', 'report_resolved', 'repost', 'quote', 'update', 'quoted_update')`;
const typesAfter = sql`('like', 'comment', 'mention', 'follow', 'upvote', 'moderation_warning', 'report_resolved', 'repost', 'quote', 'update', 'quoted_update', 'new_report')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await changeNotificationTypes(db, typesAfter);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notifications where type = 'new_report'`.execute(db);
  await changeNotificationTypes(db, typesBefore);
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
 * (https://sqlite.org/lang_altertable.html#otheralter), as migrations 012 and 015 did, with foreign
 * keys off so that dropping the old table deletes nothing under it. Copied from 015: a migration never
 * changes.
 */
async function rebuildOnSqlite(db: Kysely<unknown>, types: ReturnType<typeof sql>): Promise<void> {
  await db.connection().execute(async (connection) => {
    const run = (statement: ReturnType<typeof sql>) => statement.execute(connection);
    await run(sql`pragma foreign_keys = off`);
    const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(connection);
    if (rows[0]?.foreign_keys !== 0) throw new Error('Migration 024 must run outside a transaction.');
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
      if (broken.rows.length > 0) throw new Error('Migration 024 would leave rows with broken foreign keys.');
      await run(sql`commit`);
    } catch (error) {
      if (began) await run(sql`rollback`);
      throw error;
    } finally {
      await run(sql`pragma foreign_keys = on`);
    }
  });
}
