import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Two notification types for safety (docs/decisions/080): `moderation_warning` (a moderator warned,
 * limited or suspended the person, with the text they wrote) and `report_resolved` (a report the person
 * made was resolved). Migration 005 limited `notifications.type` to the social ones, in 8 characters.
 *
 * PostgreSQL changes the column and its check in place. SQLite cannot change a check: the table is
 * made again as its documented twelve steps do (https://sqlite.org/lang_altertable.html#otheralter),
 * with foreign keys off so that dropping the old table deletes nothing under it (`notification_actors`
 * names the table, not the old one, and reads the new one after the rename). Kysely runs SQLite's
 * migrations outside a transaction, so this one makes its own.
 */
const socialTypes = sql`('like', 'comment', 'mention', 'follow', 'upvote')`;
const allTypes = sql`('like', 'comment', 'mention', 'follow', 'upvote', 'moderation_warning', 'report_resolved')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table notifications drop constraint notifications_type_check`.execute(db);
    await sql`alter table notifications alter column type type varchar(30)`.execute(db);
    await sql`alter table notifications add constraint notifications_type_check check (type in ${allTypes})`.execute(
      db,
    );
    return;
  }
  await rebuildOnSqlite(db, allTypes);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from notifications where type in ('moderation_warning', 'report_resolved')`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table notifications drop constraint notifications_type_check`.execute(db);
    await sql`alter table notifications alter column type type varchar(8)`.execute(db);
    await sql`alter table notifications add constraint notifications_type_check check (type in ${socialTypes})`.execute(
      db,
    );
    return;
  }
  await rebuildOnSqlite(db, socialTypes);
}

async function rebuildOnSqlite(db: Kysely<unknown>, types: ReturnType<typeof sql>): Promise<void> {
  // One connection throughout: the pragma is the connection's, and the statements are one transaction.
  await db.connection().execute(async (connection) => {
    const run = (statement: ReturnType<typeof sql>) => statement.execute(connection);
    await run(sql`pragma foreign_keys = off`);
    const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(connection);
    // The pragma does nothing inside a transaction: dropping the table would then delete its actors.
    if (rows[0]?.foreign_keys !== 0) throw new Error('Migration 012 must run outside a transaction.');
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
      if (broken.rows.length > 0) throw new Error('Migration 012 would leave rows with broken foreign keys.');
      await run(sql`commit`);
    } catch (error) {
      if (began) await run(sql`rollback`);
      throw error;
    } finally {
      await run(sql`pragma foreign_keys = on`);
    }
  });
}
