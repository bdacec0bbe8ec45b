import { sql, type SqlBool, type Expression } from 'kysely';
import type { Db, Dialect } from './database.js';
import { preparedOnPostgres } from '../platform/db/prepared.js';
import type { PostRef } from './post-ref.js';
import { cursorKind, type CursorKey } from '../platform/db/keyset.js';

/**
 * Search: the full-text index of posts (SQLite `posts_fts`, PostgreSQL `posts.search_vector`, both kept
 * by the database itself, see migration 005; words stemmed since 018) and the name keys of users. Search reads across
 * posts, tags and users by nature; it writes nothing.
 */

export const postMatches = cursorKind('search:posts', ['string', 'string']);
export const peopleMatches = cursorKind('search:users', ['string']);
type PostKey = CursorKey<typeof postMatches.shape>;

export interface PostSearch {
  /** Words to find (letters and digits only: the caller splits the query into words). */
  words: readonly string[];
  authorId?: string | undefined;
  tags: readonly string[];
  after: PostKey | undefined;
  limit: number;
  /**
   * PostgreSQL: the words its statistics count as common in posts (`commonPostWords`, stems as the
   * index holds them). A query with a word whose stem is outside them is rare and goes straight to the
   * search index; without them, every query walks the newest posts first.
   */
  commonWords?: ReadonlySet<string> | undefined;
}

type Row = PostRef & { created_at: string };

/** PostgreSQL: how many of the newest posts are searched before asking the GIN index for every match. */
const recentWindow = 2000;

/** How long the words PostgreSQL's statistics count as common are reused (autovacuum re-analyzes a busy table about as often). */
const statisticsMaxAgeMs = 10 * 60 * 1000;
const statisticsRead = new WeakMap<Db, { words: Promise<Set<string>>; readAt: number }>();

/**
 * The text-search configuration of PostgreSQL's `posts.search_vector` (migration 018): words are
 * stemmed, so "indexes" and "index" are one word, and English stop words ("the", "and") are not kept.
 */
const postWords = sql.lit('english');

/**
 * PostgreSQL: the words of posts that its statistics list among the most common (`pg_stats`' most
 * common elements of `search_vector`, up to 10 × the statistics target: 1,000 by default). A word not
 * listed is in fewer posts than the least common listed one (about 1 in 1,000 at 1,000,000 posts).
 * Read at most every 10 minutes per database; empty until the table was first analyzed.
 */
export function commonPostWords(db: Db, now: Date): Promise<Set<string>> {
  const known = statisticsRead.get(db);
  if (known && now.getTime() - known.readAt < statisticsMaxAgeMs) return known.words;
  const words = sql<{ words: string[] | null }>`
    select most_common_elems::text::text[] as words from pg_stats
    where schemaname = current_schema() and tablename = 'posts' and attname = 'search_vector'`
    .execute(db)
    .then(({ rows }) => new Set(rows[0]?.words ?? []));
  statisticsRead.set(db, { words, readAt: now.getTime() });
  // A failed read is not kept: the next search reads again.
  words.catch(() => statisticsRead.delete(db));
  return words;
}

/**
 * A page of the posts that match, newest first.
 *
 * With words, SQLite reads the FTS5 index in rowid order, newest first, which streams: a common word
 * costs what a rare one does. A post's rowid is the order it was written in, which is its creation
 * order (posts are only ever written "now"); the cursor, a (created_at, id) key like every post
 * list's, becomes the rowid of the next older post. PostgreSQL searches the newest posts first and
 * asks the GIN index only when they hold less than a page (below).
 */
export async function searchPostRefs(db: Db, dialect: Dialect, search: PostSearch): Promise<Row[]> {
  const { words, after, limit } = search;
  if (words.length === 0) return filteredPostRefs(db, search);
  const filters = (post: string) =>
    sql.join(
      [
        sql`true`,
        ...(search.authorId ? [sql`${sql.ref(`${post}.author_id`)} = ${search.authorId}`] : []),
        ...search.tags.map(
          (tag) =>
            sql`exists (select 1 from post_tags where post_tags.post_id = ${sql.ref(`${post}.id`)} and post_tags.tag = ${tag})`,
        ),
      ],
      sql` and `,
    );
  if (dialect === 'postgres') {
    // A scalar subquery, so that the query is parsed once per statement: in a prepared statement's
    // generic plan, a bare plainto_tsquery($1) is a parameter's function, run again for every row
    // the walk tests (a rare word's search went from 1 ms to 4–13 ms).
    const query = sql`(select plainto_tsquery(${postWords}, ${words.join(' ')}))`;
    const keyset = after ? sql`and (created_at, id) < (${after[0]}, ${after[1]})` : sql``;
    // The newest posts first, which finds common words at once; when they hold fewer than a page,
    // every match through the GIN index, then sorted. A word the statistics do not count as common
    // skips the walk: it would test 2,000 posts to find next to nothing. Both statements are prepared:
    // planning them cost more than running them for a rare word. One statement with a LIMIT would leave
    // the choice to the planner, word by word, and it walks the time index without bound for a word
    // common in older posts and absent from recent ones.
    const { commonWords } = search;
    const rare = commonWords !== undefined && (await someWordIsRare(db, words, commonWords));
    const recent = rare
      ? undefined
      : await sql<Row>`
      select ${preparedOnPostgres} id, version, created_at from (
        select id, version, created_at, author_id, search_vector from posts where true ${keyset}
        order by created_at desc, id desc limit ${recentWindow}
      ) as posts
      where search_vector @@ ${query} and ${filters('posts')}
      order by created_at desc, id desc limit ${limit}`.execute(db);
    if (recent?.rows.length === limit) return recent.rows;
    const { rows } = await sql<Row>`
      with matches as materialized (
        select id, version, created_at from posts where search_vector @@ ${query} and ${filters('posts')} ${keyset}
      )
      select ${preparedOnPostgres} id, version, created_at from matches order by created_at desc, id desc limit ${limit}`.execute(
      db,
    );
    return rows;
  }
  // Each word quoted: FTS5 sees a phrase to find, never an operator (AND, OR, NEAR, *, ^, column:).
  const match = words.map((word) => `"${word.replaceAll('"', '""')}"`).join(' ');
  const { rows } = await sql<Row>`
    select p.id, p.version, p.created_at from posts_fts as f join posts as p on p.rowid = f.rowid
    where posts_fts match ${match} and ${filters('p')}
      ${
        after
          ? sql`and f.rowid <= (select rowid from posts where (created_at, id) < (${after[0]}, ${after[1]})
                  order by created_at desc, id desc limit 1)`
          : sql``
      }
    order by f.rowid desc limit ${limit}`.execute(db);
  return rows;
}

/** Stems of words already asked for, per database: a search's words are mostly words searched before. */
const stemsRead = new WeakMap<Db, Map<string, readonly string[]>>();
const stemsKept = 10_000;

/**
 * PostgreSQL: whether a word's stems are not all among the common ones. A word that is itself a common
 * stem ("hello") is common without asking; the others' stems are asked of the database once (the
 * `english` configuration's stemmer, the one the index was built with) and kept.
 */
async function someWordIsRare(
  db: Db,
  words: readonly string[],
  common: ReadonlySet<string>,
): Promise<boolean> {
  const lowered = words.map((word) => word.toLowerCase()).filter((word) => !common.has(word));
  if (lowered.length === 0) return false;
  let known = stemsRead.get(db);
  if (!known) stemsRead.set(db, (known = new Map()));
  const unknown = [...new Set(lowered.filter((word) => !known.has(word)))];
  if (unknown.length > 0) {
    const { rows } = await sql<{ word: string; stems: string[] }>`
      select ${preparedOnPostgres} word, tsvector_to_array(to_tsvector(${postWords}, word)) as stems
      from unnest(${unknown}::text[]) as word`.execute(db);
    if (known.size + rows.length > stemsKept) known.clear();
    for (const row of rows) known.set(row.word, row.stems);
  }
  return lowered.some((word) => (known.get(word) ?? []).some((stem) => !common.has(stem)));
}

/** Only operators (`from:`, `#tag`): the author's posts or the tag's, through their own indexes. */
async function filteredPostRefs(db: Db, search: PostSearch): Promise<Row[]> {
  const { after, limit, tags } = search;
  const [firstTag, ...otherTags] = tags;
  const keyset = (createdAt: Expression<string>, id: Expression<string>) =>
    sql<SqlBool>`(${createdAt}, ${id}) < (${after?.[0] ?? ''}, ${after?.[1] ?? ''})`;
  if (firstTag === undefined) {
    if (!search.authorId) return [];
    let query = db
      .selectFrom('posts')
      .select(['id', 'version', 'created_at'])
      .where('author_id', '=', search.authorId);
    if (after) query = query.where(keyset(sql.ref('created_at'), sql.ref('id')));
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }
  let query = db
    .selectFrom('post_tags')
    .innerJoin('posts', 'posts.id', 'post_tags.post_id')
    .select(['posts.id', 'posts.version', 'posts.created_at'])
    .where('post_tags.tag', '=', firstTag);
  if (search.authorId) query = query.where('posts.author_id', '=', search.authorId);
  for (const tag of otherTags) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('post_tags as other')
          .select('other.post_id')
          .whereRef('other.post_id', '=', 'posts.id')
          .where('other.tag', '=', tag),
      ),
    );
  }
  if (after) query = query.where(keyset(sql.ref('post_tags.created_at'), sql.ref('post_tags.post_id')));
  return query
    .orderBy('post_tags.created_at', 'desc')
    .orderBy('post_tags.post_id', 'desc')
    .limit(limit)
    .execute();
}

export interface PersonRow {
  id: string;
  username: string;
  username_key: string;
  first_name: string;
  last_name: string;
  avatar_url: string;
  bio: string;
}

/**
 * People whose username, full name or last name starts with the prefix (name keys are lower-cased
 * without accents), by username. Each prefix is a range of its own index.
 */
export function searchPeople(
  db: Db,
  options: {
    /** Either may be empty ('' when the query has nothing that can start one). */
    usernamePrefix: string;
    namePrefix: string;
    after: CursorKey<typeof peopleMatches.shape> | undefined;
    limit: number;
    /** Only people this user follows (a key lookup in `follows` per match). */
    followedBy?: string | undefined;
  },
): Promise<PersonRow[]> {
  // Every key that starts with the prefix sorts between it and it followed by the highest character.
  const startsWith = (
    column: 'accounts.username_key' | 'accounts.name_key' | 'accounts.last_name_key',
    prefix: string,
  ) => sql<SqlBool>`(${sql.ref(column)} >= ${prefix} and ${sql.ref(column)} < ${`${prefix}\u{10FFFF}`})`;
  const ranges = [
    ...(options.usernamePrefix ? [startsWith('accounts.username_key', options.usernamePrefix)] : []),
    ...(options.namePrefix
      ? [
          startsWith('accounts.name_key', options.namePrefix),
          startsWith('accounts.last_name_key', options.namePrefix),
        ]
      : []),
  ];
  if (ranges.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('accounts')
    .innerJoin('users', 'users.account_id', 'accounts.id')
    .select(['accounts.id', 'username', 'username_key', 'first_name', 'last_name', 'avatar_url', 'bio'])
    .where((eb) => eb.or(ranges))
    // Nobody has let an account waiting for approval in yet.
    .where('users.pending_since', 'is', null);
  if (options.after) query = query.where('accounts.username_key', '>', options.after[0]);
  const { followedBy } = options;
  if (followedBy !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('follows')
          .select('follows.followee_id')
          .where('follows.follower_id', '=', followedBy)
          .whereRef('follows.followee_id', '=', 'accounts.id'),
      ),
    );
  }
  return query.orderBy('accounts.username_key').limit(options.limit).execute();
}
