import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(30)', (c) => c.notNull())
    .addColumn('username_key', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('links', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('follower_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('following_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_created').on('users').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('users_popular').on('users').columns(['follower_count', 'id']).execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('author_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('posts_created').on('posts').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('posts_author_created')
    .on('posts')
    .columns(['author_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('posts_trending')
    .on('posts')
    .columns(['like_count', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('post_reactions')
    .addColumn('post_id', 'varchar(36)', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(7)', (c) => c.notNull().check(sql`kind in ('like', 'dislike')`))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_reactions_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('post_reactions_by_post')
    .on('post_reactions')
    .columns(['post_id', 'kind', 'created_at', 'user_id'])
    .execute();
  await db.schema.createIndex('post_reactions_by_user').on('post_reactions').columns(['user_id']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('post_id', 'varchar(36)', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('author_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_by_post')
    .on('comments')
    .columns(['post_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('comments_by_author').on('comments').columns(['author_id']).execute();

  await db.schema
    .createTable('comment_votes')
    .addColumn('comment_id', 'varchar(36)', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(4)', (c) => c.notNull().check(sql`kind in ('up', 'down')`))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_votes_pk', ['comment_id', 'user_id'])
    .execute();
  await db.schema.createIndex('comment_votes_by_user').on('comment_votes').columns(['user_id']).execute();

  await db.schema
    .createTable('bookmarks')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'varchar(36)', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('bookmarks_pk', ['user_id', 'post_id'])
    .execute();
  await db.schema
    .createIndex('bookmarks_by_user_time')
    .on('bookmarks')
    .columns(['user_id', 'created_at', 'post_id'])
    .execute();
  await db.schema.createIndex('bookmarks_by_post').on('bookmarks').columns(['post_id']).execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .execute();
  await db.schema
    .createIndex('follows_following_time')
    .on('follows')
    .columns(['follower_id', 'created_at', 'followee_id'])
    .execute();
  await db.schema
    .createIndex('follows_followers_time')
    .on('follows')
    .columns(['followee_id', 'created_at', 'follower_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'follows',
    'bookmarks',
    'comment_votes',
    'comments',
    'post_reactions',
    'posts',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
