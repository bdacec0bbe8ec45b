import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Post search finds a word's other forms (docs/decisions/102): "index" finds "indexes", "running"
 * finds "run". SQLite's FTS5 index is built again with the `porter` stemmer over the tokenizer it had
 * (`unicode61 remove_diacritics 2`, so "creme" still finds "crème"); its triggers write into the table
 * by name and serve the new one as they did the old. PostgreSQL's generated column is computed again
 * with the `english` configuration instead of `simple`, and its GIN index made anew as migration 008
 * left it, without a pending list. Both rebuild every post's words in the migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await searchIndexWith(db, { postgres: 'english', sqlite: 'porter unicode61 remove_diacritics 2' });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await searchIndexWith(db, { postgres: 'simple', sqlite: 'unicode61 remove_diacritics 2' });
}

async function searchIndexWith(
  db: Kysely<unknown>,
  words: { postgres: 'english' | 'simple'; sqlite: string },
): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Dropping the column drops its index; a stored generated column's expression cannot be changed
    // before PostgreSQL 17.
    await sql`alter table posts drop column search_vector`.execute(db);
    await sql`alter table posts add column search_vector tsvector
      generated always as (to_tsvector(${sql.lit(words.postgres)}, content)) stored`.execute(db);
    await sql`create index posts_search on posts using gin (search_vector) with (fastupdate = off)`.execute(
      db,
    );
    return;
  }
  await sql`drop table posts_fts`.execute(db);
  await sql`create virtual table posts_fts using fts5(
    content, content = 'posts', content_rowid = 'rowid', tokenize = ${sql.lit(words.sqlite)}
  )`.execute(db);
  await sql`insert into posts_fts (posts_fts) values ('rebuild')`.execute(db);
}
