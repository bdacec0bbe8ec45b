import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The social core: mentions and tags recorded from post and comment text, grouped notifications
 * with their causes, the read marker, a full-text index of posts and normalized names for people
 * search.
 *
 * Notifications reference the post and comment they are about with ON DELETE CASCADE, so deleting a
 * post or a comment removes its notifications (and their actors) in the same statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('mentions')
    // The post or comment whose text mentions the user.
    .addColumn('source_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('post_id', 'varchar(36)', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('comment_id', 'varchar(36)', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('mentions_pk', ['source_id', 'user_id'])
    .execute();
  await db.schema.createIndex('mentions_by_post').on('mentions').column('post_id').execute();
  await db.schema.createIndex('mentions_by_comment').on('mentions').column('comment_id').execute();
  await db.schema.createIndex('mentions_by_user').on('mentions').column('user_id').execute();

  await db.schema
    .createTable('post_tags')
    .addColumn('post_id', 'varchar(36)', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('tag', 'varchar(100)', (c) => c.notNull())
    // The post's created_at: the tag timeline is one index range, newest first.
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_tags_pk', ['post_id', 'tag'])
    .execute();
  await db.schema
    .createIndex('post_tags_timeline')
    .on('post_tags')
    .columns(['tag', 'created_at', 'post_id'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('recipient_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(8)', (c) =>
      c.notNull().check(sql`type in ('like', 'comment', 'mention', 'follow', 'upvote')`),
    )
    // What the causes are grouped by: the post liked, the comment upvoted or written, the post or
    // comment that mentions, or 'follow'.
    .addColumn('group_key', 'varchar(36)', (c) => c.notNull())
    .addColumn('post_id', 'varchar(36)', (c) => c.references('posts.id').onDelete('cascade'))
    .addColumn('comment_id', 'varchar(36)', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('actor_count', 'integer', (c) => c.notNull())
    .addColumn('latest_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('notifications_group', ['recipient_id', 'type', 'group_key'])
    .execute();
  await db.schema
    .createIndex('notifications_by_recipient')
    .on('notifications')
    .columns(['recipient_id', 'latest_at', 'id'])
    .execute();
  await db.schema.createIndex('notifications_by_post').on('notifications').column('post_id').execute();
  await db.schema.createIndex('notifications_by_comment').on('notifications').column('comment_id').execute();

  await db.schema
    .createTable('notification_actors')
    .addColumn('notification_id', 'varchar(36)', (c) =>
      c.notNull().references('notifications.id').onDelete('cascade'),
    )
    .addColumn('actor_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_actors_pk', ['notification_id', 'actor_id'])
    .execute();
  await db.schema
    .createIndex('notification_actors_newest')
    .on('notification_actors')
    .columns(['notification_id', 'created_at', 'actor_id'])
    .execute();
  await db.schema
    .createIndex('notification_actors_by_actor')
    .on('notification_actors')
    .column('actor_id')
    .execute();

  await db.schema
    .createTable('notification_reads')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  // People search: prefixes of "first last" and of the last name, lower-cased without accents.
  await db.schema
    .alterTable('users')
    .addColumn('name_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('last_name_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const users = db as unknown as Kysely<{
    users: { id: string; first_name: string; last_name: string; name_key: string; last_name_key: string };
  }>;
  for (const user of await users.selectFrom('users').select(['id', 'first_name', 'last_name']).execute()) {
    await users
      .updateTable('users')
      .set(nameKeys(user.first_name, user.last_name))
      .where('id', '=', user.id)
      .execute();
  }
  await db.schema.createIndex('users_name_key').on('users').columns(['name_key', 'id']).execute();
  await db.schema.createIndex('users_last_name_key').on('users').columns(['last_name_key', 'id']).execute();

  // Full-text search of posts, kept in step with every write of `posts.content` by the database
  // itself (triggers, a generated column): no writer, cascade or bulk load can forget it.
  if (postgres) {
    await sql`alter table posts add column search_vector tsvector
      generated always as (to_tsvector('simple', content)) stored`.execute(db);
    await sql`create index posts_search on posts using gin (search_vector)`.execute(db);
  } else {
    await sql`create virtual table posts_fts using fts5(
      content, content = 'posts', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2'
    )`.execute(db);
    await sql`create trigger posts_fts_insert after insert on posts begin
      insert into posts_fts (rowid, content) values (new.rowid, new.content);
    end`.execute(db);
    await sql`create trigger posts_fts_delete after delete on posts begin
      insert into posts_fts (posts_fts, rowid, content) values ('delete', old.rowid, old.content);
    end`.execute(db);
    await sql`create trigger posts_fts_update after update of content on posts begin
      insert into posts_fts (posts_fts, rowid, content) values ('delete', old.rowid, old.content);
      insert into posts_fts (rowid, content) values (new.rowid, new.content);
    end`.execute(db);
    await sql`insert into posts_fts (posts_fts) values ('rebuild')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`alter table posts drop column search_vector`.execute(db);
  } else {
    for (const trigger of ['posts_fts_insert', 'posts_fts_delete', 'posts_fts_update'])
      await sql`drop trigger ${sql.ref(trigger)}`.execute(db);
    await sql`drop table posts_fts`.execute(db);
  }
  await db.schema.dropIndex('users_last_name_key').execute();
  await db.schema.dropIndex('users_name_key').execute();
  await db.schema.alterTable('users').dropColumn('last_name_key').execute();
  await db.schema.alterTable('users').dropColumn('name_key').execute();
  for (const table of ['notification_reads', 'notification_actors', 'notifications', 'post_tags', 'mentions'])
    await db.schema.dropTable(table).execute();
}

/**
 * The search keys as this migration first wrote them, frozen here: a migration must do the same thing
 * forever, whatever data/name-keys.ts becomes (rows written later get the live code's keys).
 */
function nameKeys(firstName: string, lastName: string) {
  const searchKey = (text: string) =>
    text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return { name_key: searchKey(`${firstName} ${lastName}`), last_name_key: searchKey(lastName) };
}
