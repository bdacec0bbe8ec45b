import { sql, type AliasableExpression, type Selectable } from 'kysely';
import type { Db, Dialect } from './database.js';
import { chunksOf, isOneOf, loadInChunks } from '../platform/db/chunks.js';
import { compiledPerShape } from '../platform/db/compiled-per-shape.js';
import { firstPerGroup } from '../platform/db/first-per-group.js';
import { hasNul } from '../platform/db/nul.js';
import { preparedOnPostgres } from '../platform/db/prepared.js';
import type { PostsTable, ReactionKind } from './schema.js';
import type { PostRef } from './post-ref.js';
import { cursorKind, type CursorKey } from '../platform/db/keyset.js';

/** The `posts` and `post_reactions` tables. Rows in, rows out: contract shapes are built in views/. */

export type PostRecord = Selectable<PostsTable>;

export const newestPosts = cursorKind('posts:newest', ['string', 'string']);
export const trendingPosts = cursorKind('posts:trending', ['number', 'string', 'string']);
export type NewestKey = CursorKey<typeof newestPosts.shape>;
export type TrendingKey = CursorKey<typeof trendingPosts.shape>;

const recordColumns = [
  'posts.id',
  'posts.author_id',
  'posts.content',
  'posts.like_count',
  'posts.comment_count',
  'posts.version',
  'posts.created_at',
  'posts.updated_at',
] as const;

export function findPost(db: Db, id: string): Promise<PostRecord | undefined> {
  if (hasNul(id)) return Promise.resolve(undefined);
  return db
    .selectFrom('posts')
    .modifyFront(preparedOnPostgres)
    .select(recordColumns)
    .where('posts.id', '=', id)
    .executeTakeFirst();
}

export function postsByIds(db: Db, dialect: Dialect, ids: readonly string[]): Promise<PostRecord[]> {
  return loadInChunks(ids, (chunk) =>
    db
      .selectFrom('posts')
      .modifyFront(preparedOnPostgres)
      .select(recordColumns)
      .where(isOneOf(dialect, 'posts.id', chunk))
      .execute(),
  );
}

interface PageOfRefs<Key> {
  authorId?: string | undefined;
  after: Key | undefined;
  limit: number;
}

const newestPostRefsQuery = compiledPerShape(
  (
    db: Db,
    { authorId, createdAt, id, limit }: { authorId?: string; createdAt?: string; id?: string; limit: number },
  ) => {
    let query = db
      .selectFrom('posts')
      .modifyFront(preparedOnPostgres)
      .select(['id', 'version', 'created_at']);
    if (authorId !== undefined) query = query.where('author_id', '=', authorId);
    if (createdAt !== undefined && id !== undefined)
      query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(createdAt, id)));
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).compile();
  },
);

/** A page of posts, newest first, optionally of one author. */
export async function newestPostRefs(
  db: Db,
  { authorId, after, limit }: PageOfRefs<NewestKey>,
): Promise<(PostRef & { created_at: string })[]> {
  const [createdAt, id] = after ?? [];
  return (await db.executeQuery(newestPostRefsQuery(db, { authorId, createdAt, id, limit }))).rows;
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

export async function insertPost(
  db: Db,
  row: { id: string; author_id: string; content: string; created_at: string; updated_at: string },
): Promise<PostRecord> {
  return db.insertInto('posts').values(row).returning(recordColumns).executeTakeFirstOrThrow();
}

/**
 * Takes a post for a change to what it shows, in the caller's transaction: moves its counters by the
 * given amounts and its version by one, and returns it as it is now, or undefined when it is gone.
 *
 * The row is written first, as deleting a post does, so a change racing a deletion on PostgreSQL waits
 * for it and finds nothing (a clean 404) instead of a foreign-key error or a deadlock.
 */
export function takeForChange(
  trx: Db,
  id: string,
  change: { likes?: number; comments?: number; content?: string; at?: string } = {},
): Promise<PostRecord | undefined> {
  if (hasNul(id)) return Promise.resolve(undefined);
  return trx
    .updateTable('posts')
    .set((eb) => ({
      version: eb('version', '+', 1),
      like_count: eb('like_count', '+', change.likes ?? 0),
      comment_count: eb('comment_count', '+', change.comments ?? 0),
      ...(change.content === undefined ? {} : { content: change.content }),
      ...(change.at === undefined ? {} : { updated_at: change.at }),
    }))
    .where('id', '=', id)
    .returning(recordColumns)
    .executeTakeFirst();
}

/** Moves these posts' versions, for a change that touched many at once (a deleted account). */
export async function bumpVersions(trx: Db, ids: readonly string[]): Promise<void> {
  for (const chunk of chunksOf(ids)) {
    await trx
      .updateTable('posts')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', 'in', chunk)
      .execute();
  }
}

/**
 * Locks a post's row for the rest of the transaction without changing it, and says whether it still
 * exists: for changes under a post that it does not show (a bookmark). A no-op write, so it works the
 * same on SQLite (which has no SELECT ... FOR UPDATE).
 */
export async function lockPost(trx: Db, id: string): Promise<boolean> {
  if (hasNul(id)) return false;
  const result = await trx
    .updateTable('posts')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes a post; its comments, votes, reactions and bookmarks go with it (ON DELETE CASCADE, one statement). */
export async function deletePost(db: Db, id: string): Promise<void> {
  await db.deleteFrom('posts').where('id', '=', id).execute();
}

/**
 * Records the user's like, replacing their dislike. False when they already like the post. The
 * caller has taken the post (takeForChange) in the same transaction.
 */
export async function putLike(trx: Db, postId: string, userId: string, at: string): Promise<boolean> {
  const changed = await trx
    .insertInto('post_reactions')
    .values({ post_id: postId, user_id: userId, kind: 'like', created_at: at })
    .onConflict((oc) =>
      oc
        .columns(['post_id', 'user_id'])
        .doUpdateSet({ kind: 'like', created_at: at })
        .where('post_reactions.kind', '=', 'dislike'),
    )
    .returning('post_id')
    .executeTakeFirst();
  return changed !== undefined;
}

/**
 * Records the user's dislike, replacing their like. 'already' when they dislike it already;
 * 'replaced-like' tells the caller the like count goes down by one.
 */
export async function putDislike(
  trx: Db,
  postId: string,
  userId: string,
  at: string,
): Promise<'added' | 'replaced-like' | 'already'> {
  const previous = await trx
    .selectFrom('post_reactions')
    .select('kind')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (previous?.kind === 'dislike') return 'already';
  if (previous) {
    await trx
      .updateTable('post_reactions')
      .set({ kind: 'dislike', created_at: at })
      .where('post_id', '=', postId)
      .where('user_id', '=', userId)
      .execute();
    return 'replaced-like';
  }
  await trx
    .insertInto('post_reactions')
    .values({ post_id: postId, user_id: userId, kind: 'dislike', created_at: at })
    .execute();
  return 'added';
}

export interface ReactorRow {
  post_id: string;
  kind: ReactionKind;
  user_id: string;
  created_at: string;
}

/** The first `limit` likers and dislikers of each post, earliest first. */
export function firstReactors(
  db: Db,
  dialect: Dialect,
  postIds: readonly string[],
  limit: number,
): Promise<ReactorRow[]> {
  return firstPerGroup<ReactorRow>(db, dialect, {
    table: 'post_reactions',
    groupColumn: 'post_id',
    groups: postIds,
    split: { column: 'kind', values: ['like', 'dislike'] },
    columns: ['post_id', 'kind', 'user_id', 'created_at'],
    orderBy: ['created_at', 'user_id'],
    limit,
  });
}

export const reactors = cursorKind('reactors', ['string', 'string']);

/** One page of the users who liked (or disliked) a post, earliest first. */
export function reactorPage(
  db: Db,
  postId: string,
  kind: ReactionKind,
  after: CursorKey<typeof reactors.shape> | undefined,
  limit: number,
): Promise<{ user_id: string; created_at: string }[]> {
  let query = db
    .selectFrom('post_reactions')
    .select(['user_id', 'created_at'])
    .where('post_id', '=', postId)
    .where('kind', '=', kind);
  if (after) {
    const [reactedAt, userId] = after;
    query = query.where((eb) => eb(eb.refTuple('created_at', 'user_id'), '>', eb.tuple(reactedAt, userId)));
  }
  return query.orderBy('created_at').orderBy('user_id').limit(limit).execute();
}

/** The posts a user wrote or reacted to: the rows deleting the user deletes or changes the like count of. */
export async function postIdsTouchedBy(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('posts')
    .select('id')
    .where('author_id', '=', userId)
    .union(db.selectFrom('post_reactions').select('post_id as id').where('user_id', '=', userId))
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes a user's posts; their comments, votes, reactions and bookmarks go with them (ON DELETE CASCADE). */
export async function deletePostsOf(trx: Db, authorId: string): Promise<void> {
  await trx.deleteFrom('posts').where('author_id', '=', authorId).execute();
}

/**
 * Takes comments that are about to be deleted off their posts' counts, in one statement: `removed` is
 * comments.repo's `commentCountsOf` (per post, how many go), read inside this statement. Run it holding
 * those posts' rows, before the comments are deleted.
 */
export async function takeOffCommentCounts(
  trx: Db,
  removed: AliasableExpression<{ post_id: string; removed: number }>,
): Promise<void> {
  // Counted per post first: a correlated count per post made SQLite scan all the author's comments for
  // each post (quadratic: minutes at 100,000 comments).
  await trx
    .updateTable('posts')
    .from(removed.as('theirs'))
    .set((eb) => ({ comment_count: eb('posts.comment_count', '-', eb.ref('theirs.removed')) }))
    .whereRef('posts.id', '=', 'theirs.post_id')
    .execute();
}

/** Removes a user's likes and dislikes, taking each like off its post's count. Run it holding those posts' rows. */
export async function deleteReactionsOf(trx: Db, userId: string): Promise<void> {
  await trx
    .updateTable('posts')
    .set((eb) => ({ like_count: eb('like_count', '-', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('post_reactions')
        .select('post_id')
        .where('user_id', '=', userId)
        .where('kind', '=', 'like'),
    )
    .execute();
  await trx.deleteFrom('post_reactions').where('user_id', '=', userId).execute();
}

export type PostExportRow = Pick<
  PostRecord,
  'id' | 'content' | 'like_count' | 'comment_count' | 'created_at' | 'updated_at'
>;

/** One page of an author's posts, oldest first, after the row given. */
export function postsOfAuthorPage(
  db: Db,
  authorId: string,
  after: PostExportRow | undefined,
  limit: number,
): Promise<PostExportRow[]> {
  let query = db
    .selectFrom('posts')
    .select(['id', 'content', 'like_count', 'comment_count', 'created_at', 'updated_at'])
    .where('author_id', '=', authorId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.created_at, after.id)),
    );
  }
  return query.execute();
}

export type ReactionExportRow = { post_id: string; kind: ReactionKind; created_at: string };

/** One page of a user's reactions, by post id (the order the user's index serves), after the row given. */
export function reactionsOfUserPage(
  db: Db,
  userId: string,
  after: ReactionExportRow | undefined,
  limit: number,
): Promise<ReactionExportRow[]> {
  let query = db
    .selectFrom('post_reactions')
    .select(['post_id', 'kind', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('post_id')
    .limit(limit);
  if (after) query = query.where('post_id', '>', after.post_id);
  return query.execute();
}

interface AuthorsPageQuery {
  authorIds: readonly string[];
  after: NewestKey | undefined;
  limit: number;
}

/** The authors' ids as a one-column table (`id`), for `join` and `in`. */
function authorsTable(dialect: Dialect, authorIds: readonly string[]) {
  return dialect === 'postgres'
    ? sql`select unnest(${[...authorIds]}::varchar[]) as id`
    : sql`select value as id from json_each(${JSON.stringify(authorIds)})`;
}

/**
 * A page of the posts of some authors (the Following timeline: the people the viewer follows and the
 * viewer), newest first, fanned out on read: by walking everyone's newest posts when the authors are
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
 * tests page through the walk on both and would see any other order.
 */
async function newestPostRefsByWalking(
  db: Db,
  dialect: Dialect,
  { authorIds, after, limit }: AuthorsPageQuery,
): Promise<(PostRef & { created_at: string })[]> {
  const before = after ? sql`where (created_at, id) < (${after[0]}, ${after[1]})` : sql``;
  const { rows } = await sql<PostRef & { created_at: string }>`
    select walked.id, walked.version, walked.created_at from (
      select id, version, created_at, author_id from posts ${before}
      order by created_at desc, id desc limit ${walkedPostsAtMost}
    ) as walked
    where walked.author_id in (${authorsTable(dialect, authorIds)})
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
  { authorIds, after, limit }: AuthorsPageQuery,
): Promise<(PostRef & { created_at: string })[]> {
  const before = (table: string) =>
    after
      ? sql`and (${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)}) < (${after[0]}, ${after[1]})`
      : sql``;
  const authors = authorsTable(dialect, authorIds);
  const heads =
    authorIds.length < limit
      ? undefined
      : await sql<{ head: string }>`
    select head from (
      select (select newest.created_at from posts as newest where newest.author_id = author.id ${before('newest')}
              order by newest.created_at desc, newest.id desc limit 1) as head
      from (${authors}) as author
    ) as heads
    where head is not null order by head desc limit 1 offset ${limit - 1}`.execute(db);
  const floor = heads?.rows[0]?.head;
  const aboveFloor = (table: string) =>
    floor === undefined ? sql`` : sql`and ${sql.ref(`${table}.created_at`)} >= ${floor}`;
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
          order by posts.created_at desc, posts.id desc limit ${limit}
        ) as newest
        order by newest.created_at desc, newest.id desc limit ${limit}
      ) as page join posts as p on p.id = page.id
      order by p.created_at desc, p.id desc`.execute(db);
    return rows;
  }
  // SQLite has no LATERAL: without a floor, each author's range is bounded below by that author's
  // `limit`-th post (a correlated subquery, evaluated once per author).
  const ownBound =
    floor === undefined
      ? sql`and p.created_at >= coalesce((
          select bound.created_at from posts as bound where bound.author_id = author.id ${before('bound')}
          order by bound.created_at desc, bound.id desc limit 1 offset ${limit - 1}), '')`
      : sql``;
  const { rows } = await sql<PostRef & { created_at: string }>`
    select p.id, p.version, p.created_at
    from (${authors}) as author join posts as p on p.author_id = author.id
    where true ${aboveFloor('p')} ${ownBound} ${before('p')}
    order by p.created_at desc, p.id desc limit ${limit}`.execute(db);
  return rows;
}
