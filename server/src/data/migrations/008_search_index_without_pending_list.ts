import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL's GIN index on posts' words buffers new entries in a "pending list" (`fastupdate`, on by
 * default, up to `gin_pending_list_limit`, 4 MB) until a vacuum merges them, and every search reads
 * that whole list. On a site that keeps posting the list is never empty: after the bench's 10,000 new
 * posts a rare word's search read 458 pages (14.9 ms); without it, 3 (0.07 ms), and the planner,
 * which costs the list too, uses the index again instead of a scan of every post. New posts write their
 * words into the index as they are inserted instead: a few more page writes per post.
 * SQLite's FTS5 index has no such list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter index posts_search set (fastupdate = off)`.execute(db);
  // What the list holds now moves into the index.
  await sql`select gin_clean_pending_list('posts_search')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter index posts_search reset (fastupdate)`.execute(db);
}
