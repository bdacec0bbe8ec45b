import { sql } from 'kysely';
import type { Db, Dialect } from './database.js';
import { compiledPerShape } from '../platform/db/compiled-per-shape.js';
import { preparedOnPostgres } from '../platform/db/prepared.js';
import { idsTable } from '../platform/db/chunks.js';
import type { PostRef } from './post-ref.js';
import { cursorKind, withinWindow, type CursorKey, type TimeWindow } from '../platform/db/keyset.js';

/**
 * The skeletons of post pages, step one of the read pipeline (docs/decisions/006): keyset queries over
 * the `posts` indexes that return a page's `(id, version)` and its sort key, newest or most liked first,
 * of everyone, one author or the people a viewer follows (docs/decisions/052). Reads only; `posts` and
 * its writes belong to posts.repo.
 */

export const newestPosts = cursorKind('posts:newest', ['string', 'string']);
export const trendingPosts = cursorKind('posts:trending', ['number', 'string', 'string']);
export type NewestKey = CursorKey<typeof newestPosts.shape>;
export type TrendingKey = CursorKey<typeof trendingPosts.shape>;

interface PageOfRefs<Key> {
  authorId?: string | undefined;
  /** Only posts with at least this many images (a Mastodon app's `only_media`: 1). */
  minMedia?: number | undefined;
  after: Key | undefined;
  limit: number;
}

/**
 * Bounds a Mastodon app pages with besides `after` (its `max_id`): only posts newer than a key
 * (`since_id`, `min_id`) and, for `min_id`, the oldest of those first (the page just above the key).
 */
export interface NewerBound {
  newerThan?: NewestKey | undefined;
  oldestFirst?: boolean | undefined;
}

/** The newest-first query and (for a Mastodon app's min_id) the oldest-first one, each compiled per shape. */
const postRefsQueries = (['desc', 'asc'] as const).map((direction) =>
  compiledPerShape(
    (
      db: Db,
      {
        authorId,
        createdAt,
        id,
        newerAt,
        newerId,
        minMedia,
        limit,
      }: {
        authorId?: string;
        minMedia?: number;
        createdAt?: string;
        id?: string;
        newerAt?: string;
        newerId?: string;
        limit: number;
      },
    ) => {
      let query = db
        .selectFrom('posts')
        .modifyFront(preparedOnPostgres)
        .select(['id', 'version', 'created_at']);
      if (authorId !== undefined) query = query.where('author_id', '=', authorId);
      if (minMedia !== undefined) query = query.where('media_count', '>=', minMedia);
      if (createdAt !== undefined && id !== undefined)
        query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(createdAt, id)));
      if (newerAt !== undefined && newerId !== undefined)
        query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(newerAt, newerId)));
      return query.orderBy('created_at', direction).orderBy('id', direction).limit(limit).compile();
    },
  ),
);

/** A page of posts, newest first (or, with `oldestFirst`, the oldest above `newerThan`), optionally of one author. */
export async function newestPostRefs(
  db: Db,
  { authorId, minMedia, after, limit, newerThan, oldestFirst }: PageOfRefs<NewestKey> & NewerBound,
): Promise<(PostRef & { created_at: string })[]> {
  const [createdAt, id] = after ?? [];
  const [newerAt, newerId] = newerThan ?? [];
  const query = postRefsQueries[oldestFirst ? 1 : 0]!(db, {
    authorId,
    minMedia,
    createdAt,
    id,
    newerAt,
    newerId,
    limit,
  });
  return (await db.executeQuery(query)).rows;
}

const trendingPostRefsQuery = compiledPerShape(
  (
    db: Db,
    {
      authorId,
      likes,
      createdAt,
      id,
      limit,
    }: { authorId?: string; likes?: number; createdAt?: string; id?: string; limit: number },
  ) => {
    let query = db
      .selectFrom('posts')
      .modifyFront(preparedOnPostgres)
      .select(['id', 'version', 'like_count', 'created_at']);
    if (authorId !== undefined) query = query.where('author_id', '=', authorId);
    if (likes !== undefined && createdAt !== undefined && id !== undefined)
      query = query.where((eb) =>
        eb(eb.refTuple('like_count', 'created_at', 'id'), '<', eb.tuple(likes, createdAt, id)),
      );
    return query
      .orderBy('like_count', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .compile();
  },
);

/** A page of posts, most liked first (then newest), optionally of one author. */
export async function trendingPostRefs(
  db: Db,
  { authorId, after, limit }: PageOfRefs<TrendingKey>,
): Promise<(PostRef & { like_count: number; created_at: string })[]> {
  const [likes, createdAt, id] = after ?? [];
  return (await db.executeQuery(trendingPostRefsQuery(db, { authorId, likes, createdAt, id, limit }))).rows;
}

interface AuthorsPageQuery extends NewerBound {
  authorIds: readonly string[];
  after: NewestKey | undefined;
  limit: number;
}

/**
 * The order a page is read in: newest first, or (for a Mastodon app's min_id) oldest first, the page
 * just above `newerThan`. Each statement below reads the same index ranges in either direction.
 */
function readingOrder({ oldestFirst }: NewerBound) {
  return oldestFirst
    ? { direction: sql.raw('asc'), beyond: sql.raw('<='), noBound: '9999-12-31T23:59:59.999Z' }
    : { direction: sql.raw('desc'), beyond: sql.raw('>='), noBound: '' };
}

/**
 * A page of the posts of some authors (the Following timeline: the people the viewer follows and the
 * viewer), newest first (or, with `oldestFirst`, the oldest above `newerThan`), fanned out on read: by walking everyone's newest posts when the authors are
 * many, else (or when the walk finds too few) by seeking each author's newest.
 */
export async function newestPostRefsByAuthors(
  db: Db,
  dialect: Dialect,
  options: AuthorsPageQuery,
): Promise<(PostRef & { created_at: string })[]> {
  const { authorIds, limit } = options;
  if (authorIds.length === 0) return [];
  if (authorIds.length >= walkNewestFromAuthors) {
    const walked = await newestPostRefsByWalking(db, dialect, options);
    if (walked.length === limit) return walked;
  }
  return newestPostRefsBySeeking(db, dialect, options);
}

/**
 * From this many authors on, their posts are usually dense among everyone's newest (2,000 of 100,000
 * people write a few percent of the posts), so walking the newest posts finds a page in a few hundred
 * rows, where seeking each author's newest costs two index seeks per author.
 */
const walkNewestFromAuthors = 200;
/** The walk gives up after this many posts (a few milliseconds); quiet authors are then sought. */
const walkedPostsAtMost = 20_000;

/**
 * Walks everyone's posts newest first (the created_at index) after the cursor, keeping the authors' until
 * a page is full or `walkedPostsAtMost` posts were looked at; fewer than `limit` rows means "seek instead".
 *
 * No outer ORDER BY: it would make PostgreSQL read all `walkedPostsAtMost` rows to sort them (15–29 ms
 * for 2,000 authors at 1,000,000 posts, against 0.2 ms streaming). Both engines run the walk as one
 * stream (backward index scan → limit → filter → limit) that keeps the index's order; the timeline
 * tests page through the walk on both and would see any other order. Bounded on both sides (a
 * Mastodon app's since_id or min_id), the range looks small to PostgreSQL, which then hashes the walked
 * rows and loses their order: there the outer ORDER BY is kept, over at most the walked rows.
 */
async function newestPostRefsByWalking(
  db: Db,
  dialect: Dialect,
  { authorIds, after, newerThan, oldestFirst, limit }: AuthorsPageQuery,
): Promise<(PostRef & { created_at: string })[]> {
  const { direction } = readingOrder({ oldestFirst });
  const bounds = [
    ...(after ? [sql`(created_at, id) < (${after[0]}, ${after[1]})`] : []),
    ...(newerThan ? [sql`(created_at, id) > (${newerThan[0]}, ${newerThan[1]})`] : []),
  ];
  const before = bounds.length > 0 ? sql`where ${sql.join(bounds, sql` and `)}` : sql``;
  const { rows } = await sql<PostRef & { created_at: string }>`
    select walked.id, walked.version, walked.created_at from (
      select id, version, created_at, author_id from posts ${before}
      order by created_at ${direction}, id ${direction} limit ${walkedPostsAtMost}
    ) as walked
    where walked.author_id in (${idsTable(dialect, authorIds)})
    ${newerThan ? sql`order by walked.created_at ${direction}, walked.id ${direction}` : sql``}
    limit ${limit}`.execute(db);
  return rows;
}

/**
 * The same page by seeking each author's newest posts over the (author_id, created_at, id) index, in
 * two statements:
 * 1. each author's newest post after the cursor (one index seek per author); the `limit`-th newest of
 *    those is a floor: at least `limit` authors have a post at or after it, so the page is all above it;
 * 2. each author's posts between the floor and the cursor (short index ranges), newest `limit` of them.
 *    Without a floor (fewer than `limit` authors posted), each author's range stops at their own
 *    `limit`-th post instead.
 * The floor is found first, in its own statement, so that the second is planned knowing it. Fewer
 * authors than a page can have no floor, so they skip the first statement (a typical member follows a
 * few people).
 * The cost grows with the number of authors, never with how many posts they wrote or how old they are.
 */
async function newestPostRefsBySeeking(
  db: Db,
  dialect: Dialect,
  { authorIds, after, newerThan, oldestFirst, limit }: AuthorsPageQuery,
): Promise<(PostRef & { created_at: string })[]> {
  // Oldest first, the "floor" is a ceiling: the page is all below it.
  const { direction, beyond, noBound } = readingOrder({ oldestFirst });
  const before = (table: string) => {
    const key = sql`(${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)})`;
    return sql`${after ? sql`and ${key} < (${after[0]}, ${after[1]})` : sql``} ${
      newerThan ? sql`and ${key} > (${newerThan[0]}, ${newerThan[1]})` : sql``
    }`;
  };
  const authors = idsTable(dialect, authorIds);
  const heads =
    authorIds.length < limit
      ? undefined
      : await sql<{ head: string }>`
    select head from (
      select (select newest.created_at from posts as newest where newest.author_id = author.id ${before('newest')}
              order by newest.created_at ${direction}, newest.id ${direction} limit 1) as head
      from (${authors}) as author
    ) as heads
    where head is not null order by head ${direction} limit 1 offset ${limit - 1}`.execute(db);
  const floor = heads?.rows[0]?.head;
  const aboveFloor = (table: string) =>
    floor === undefined ? sql`` : sql`and ${sql.ref(`${table}.created_at`)} ${beyond} ${floor}`;
  if (dialect === 'postgres') {
    // Each author's newest come from the index alone (an index-only scan, no sort); only the page's
    // rows are then read for their version. Asked for the version per author, PostgreSQL expects a
    // handful of posts each and reads and sorts every post of every author instead (1.6 ms for 7
    // authors at 10,000 posts, against 0.3 ms).
    const { rows } = await sql<PostRef & { created_at: string }>`
      select ${preparedOnPostgres} p.id, p.version, p.created_at from (
        select newest.id from (${authors}) as author cross join lateral (
          select posts.id, posts.created_at from posts
          where posts.author_id = author.id ${aboveFloor('posts')} ${before('posts')}
          order by posts.created_at ${direction}, posts.id ${direction} limit ${limit}
        ) as newest
        order by newest.created_at ${direction}, newest.id ${direction} limit ${limit}
      ) as page join posts as p on p.id = page.id
      order by p.created_at ${direction}, p.id ${direction}`.execute(db);
    return rows;
  }
  // SQLite has no LATERAL: without a floor, each author's range is bounded below by that author's
  // `limit`-th post (a correlated subquery, evaluated once per author).
  const ownBound =
    floor === undefined
      ? sql`and p.created_at ${beyond} coalesce((
          select bound.created_at from posts as bound where bound.author_id = author.id ${before('bound')}
          order by bound.created_at ${direction}, bound.id ${direction} limit 1 offset ${limit - 1}), ${noBound})`
      : sql``;
  const { rows } = await sql<PostRef & { created_at: string }>`
    select p.id, p.version, p.created_at
    from (${authors}) as author join posts as p on p.author_id = author.id
    where true ${aboveFloor('p')} ${ownBound} ${before('p')}
    order by p.created_at ${direction}, p.id ${direction} limit ${limit}`.execute(db);
  return rows;
}

/**
 * A window of the posts that quote a post and show it (`quote_state` accepted), newest first
 * (`posts_by_quoted`): `GET /api/posts/:postId/quotes` and a Mastodon app's list of a status's quotes.
 */
export function quotingPostRefs(
  db: Db,
  quotedId: string,
  window: TimeWindow,
): Promise<(PostRef & { created_at: string })[]> {
  const query = db
    .selectFrom('posts')
    .select(['id', 'version', 'created_at'])
    .where('quoted_post_id', '=', quotedId)
    .where('quote_state', '=', 'accepted');
  return withinWindow(query, ['created_at', 'id'], window).execute();
}
