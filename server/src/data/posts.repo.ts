// Over 300 lines: as the only writer of posts and post_reactions, it holds every write to them.
import type { AliasableExpression, Selectable } from 'kysely';
import type { Db, Dialect } from './database.js';
import { countOf } from '../platform/db/count.js';
import { chunksOf, isOneOf, loadInChunks } from '../platform/db/chunks.js';
import { compiledPerShape } from '../platform/db/compiled-per-shape.js';
import { firstPerGroup } from '../platform/db/first-per-group.js';
import { hasNul } from '../platform/db/nul.js';
import { preparedOnPostgres } from '../platform/db/prepared.js';
import type { PostsTable, QuotePolicy, QuoteState, ReactionKind } from './schema.js';
import { cursorKind, withinWindow, type CursorKey, type TimeWindow } from '../platform/db/keyset.js';

/**
 * The `posts` and `post_reactions` tables (the skeletons of post pages are in post-skeletons.repo). Rows
 * in, rows out: contract shapes are built in views/.
 */

export type PostRecord = Selectable<PostsTable>;

const recordColumns = [
  'posts.id',
  'posts.author_id',
  'posts.content',
  'posts.like_count',
  'posts.comment_count',
  'posts.repost_count',
  'posts.quote_count',
  'posts.version',
  'posts.created_at',
  'posts.updated_at',
  'posts.media_count',
  'posts.sensitive',
  'posts.quoted_post_id',
  'posts.quote_state',
  'posts.quote_policy',
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

export async function insertPost(
  db: Db,
  row: {
    id: string;
    author_id: string;
    content: string;
    created_at: string;
    updated_at: string;
    media_count?: number;
    sensitive?: number;
    quoted_post_id?: string;
    quote_state?: QuoteState;
    /** Who may quote it; the author's default (`users.quote_policy`), read in the same statement, when left out. */
    quote_policy?: QuotePolicy;
  },
): Promise<PostRecord> {
  return db
    .insertInto('posts')
    .values((eb) => ({
      ...row,
      quote_policy:
        row.quote_policy ??
        eb.selectFrom('users').select('users.quote_policy').where('users.account_id', '=', row.author_id),
    }))
    .returning(recordColumns)
    .executeTakeFirstOrThrow();
}

/**
 * Takes a post for a change to what it shows, in the caller's transaction: moves its counters by the
 * given amounts and its version by one, and returns it as it is now, or undefined when it is gone.
 *
 * The row is written first, as deleting a post does, so a change racing a deletion on PostgreSQL waits
 * for it and finds nothing (a clean 404) instead of a foreign-key error or a deadlock.
 */
export async function takeForChange(
  trx: Db,
  id: string,
  change: PostChange = {},
): Promise<PostRecord | undefined> {
  if (hasNul(id)) return undefined;
  const { rows } = await trx.executeQuery(takeForChangeQuery(trx, { id, ...change }));
  return rows[0];
}

/** What a change moves or sets: counters by an amount, the rest to a value. */
type PostChange = {
  likes?: number;
  comments?: number;
  reposts?: number;
  quotes?: number;
  content?: string;
  sensitive?: number;
  quotePolicy?: QuotePolicy;
  /** The number of images it shows after an edit that adds or removes some. */
  mediaCount?: number;
  at?: string;
};

// Every like, comment, repost and edit takes its post: compiled once per shape (which counters move).
const takeForChangeQuery = compiledPerShape((db: Db, change: PostChange & { id: string }) =>
  db
    .updateTable('posts')
    .set((eb) => ({
      version: eb('version', '+', 1),
      like_count: eb('like_count', '+', change.likes ?? 0),
      comment_count: eb('comment_count', '+', change.comments ?? 0),
      ...(change.reposts === undefined ? {} : { repost_count: eb('repost_count', '+', change.reposts) }),
      ...(change.quotes === undefined ? {} : { quote_count: eb('quote_count', '+', change.quotes) }),
      ...(change.content === undefined ? {} : { content: change.content }),
      ...(change.sensitive === undefined ? {} : { sensitive: change.sensitive }),
      ...(change.quotePolicy === undefined ? {} : { quote_policy: change.quotePolicy }),
      ...(change.mediaCount === undefined ? {} : { media_count: change.mediaCount }),
      ...(change.at === undefined ? {} : { updated_at: change.at }),
    }))
    .where('id', '=', change.id)
    .returning(recordColumns)
    .compile(),
);

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

/**
 * Locks a post's row as `lockPost` does and reads it as locked: the post as it is (nothing can change
 * it until the transaction ends), or undefined when it is gone. On PostgreSQL `FOR NO KEY UPDATE`, as
 * strong as `lockPost`'s no-op update; on SQLite a plain read, since the open write transaction
 * already excludes every other writer (row-locks.ts), and a no-op write would rewrite the row.
 */
export async function lockAndReadPost(
  trx: Db,
  dialect: Dialect,
  id: string,
): Promise<PostRecord | undefined> {
  if (hasNul(id)) return undefined;
  const { rows } = await trx.executeQuery(lockedReadQueries[dialect](trx, { id }));
  return rows[0];
}

const lockedRead = (db: Db, id: string) =>
  db.selectFrom('posts').modifyFront(preparedOnPostgres).select(recordColumns).where('posts.id', '=', id);
const lockedReadQueries = {
  sqlite: compiledPerShape((db: Db, { id }: { id: string }) => lockedRead(db, id).compile()),
  postgres: compiledPerShape((db: Db, { id }: { id: string }) =>
    lockedRead(db, id).forNoKeyUpdate().compile(),
  ),
};

/**
 * The quoted author detaches a quote of their post (docs/decisions/092): the quoting post shows
 * "Removed by the author" from now on, so its version moves, and the quoted post counts one quote
 * fewer. The quoting post as it is after, or undefined when no post quotes that one under this id;
 * detaching again changes nothing.
 *
 * The quoted post is held first: every writer takes a quoted post before its quotes (a quote is
 * written holding it, a quote's deletion takes it first), the id order, since a quote is newer.
 */
export async function detachQuote(
  trx: Db,
  dialect: Dialect,
  quotedId: string,
  quotingId: string,
): Promise<PostRecord | undefined> {
  if (hasNul(quotedId) || hasNul(quotingId)) return undefined;
  await lockPost(trx, quotedId);
  const detached = await trx
    .updateTable('posts')
    .set((eb) => ({ quote_state: 'revoked', version: eb('version', '+', 1) }))
    .where('id', '=', quotingId)
    .where('quoted_post_id', '=', quotedId)
    .where('quote_state', '=', 'accepted')
    .returning(recordColumns)
    .executeTakeFirst();
  if (detached) {
    await takeForChange(trx, quotedId, { quotes: -1 });
    return detached;
  }
  const current = await lockAndReadPost(trx, dialect, quotingId);
  return current?.quoted_post_id === quotedId ? current : undefined;
}

/**
 * The accepted quotes of a post (`posts_by_quoted`), the newest first, up to `limit`: their authors
 * hear of an edit of it (`quoted_update`). Detached quotes no longer show it, so they are left out.
 */
export async function acceptedQuotesOf(
  db: Db,
  postId: string,
  limit: number,
): Promise<{ id: string; author_id: string }[]> {
  return (await db.executeQuery(acceptedQuotesQuery(db, { postId, limit }))).rows;
}

// Read by every edit, mostly to find none: compiled once.
const acceptedQuotesQuery = compiledPerShape((db: Db, { postId, limit }: { postId: string; limit: number }) =>
  db
    .selectFrom('posts')
    .modifyFront(preparedOnPostgres)
    .select(['id', 'author_id'])
    .where('quoted_post_id', '=', postId)
    .where('quote_state', '=', 'accepted')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .compile(),
);

/**
 * Deletes a post; its comments, votes, reactions and bookmarks go with it (ON DELETE CASCADE). An
 * accepted quote is taken off its quoted post's count; the quoted post is held first (as
 * `detachQuote` holds it), then the quote's state is read as the deletion finds it, since a detach or
 * the quoted post's deletion may have come between `post` being read and now.
 */
export async function deletePost(
  trx: Db,
  post: Pick<PostRecord, 'id' | 'quoted_post_id' | 'quote_state'>,
): Promise<void> {
  // A quote never becomes accepted again, nor quotes another post: `post` says which to hold.
  const quotedId = post.quote_state === 'accepted' ? post.quoted_post_id : null;
  if (quotedId !== null) await lockPost(trx, quotedId);
  const deleted = await trx
    .deleteFrom('posts')
    .where('id', '=', post.id)
    .returning(['quoted_post_id', 'quote_state'])
    .executeTakeFirst();
  if (deleted?.quote_state === 'accepted' && deleted.quoted_post_id !== null)
    await takeForChange(trx, deleted.quoted_post_id, { quotes: -1 });
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

/** Takes back the user's like or dislike; what it was, or undefined when there was none. */
export async function removeReaction(
  trx: Db,
  postId: string,
  userId: string,
): Promise<ReactionKind | undefined> {
  const removed = await trx
    .deleteFrom('post_reactions')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .returning('kind')
    .executeTakeFirst();
  return removed?.kind;
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
  return reactorWindow(db, postId, kind, { newerThan: after, oldestFirst: true, limit });
}

/** A window of the users who liked (or disliked) a post by when they did (`post_reactions_by_post`). */
export function reactorWindow(
  db: Db,
  postId: string,
  kind: ReactionKind,
  window: TimeWindow,
): Promise<{ user_id: string; created_at: string }[]> {
  const query = db
    .selectFrom('post_reactions')
    .select(['user_id', 'created_at'])
    .where('post_id', '=', postId)
    .where('kind', '=', kind);
  return withinWindow(query, ['created_at', 'user_id'], window).execute();
}

/**
 * A window of the posts a user liked by when they did. The user's index (`post_reactions_by_user`)
 * finds their reactions; their order is a sort of those, as for the account export.
 */
export function likedWindow(
  db: Db,
  userId: string,
  window: TimeWindow,
): Promise<{ post_id: string; created_at: string }[]> {
  const query = db
    .selectFrom('post_reactions')
    .select(['post_id', 'created_at'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'like');
  return withinWindow(query, ['created_at', 'post_id'], window).execute();
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

/** The posts a user's accepted quotes quote: the rows deleting the user changes the quote count of. */
export async function postIdsQuotedBy(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('posts')
    .select('quoted_post_id')
    .distinct()
    .where('author_id', '=', userId)
    .where('quote_state', '=', 'accepted')
    .where('quoted_post_id', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.quoted_post_id === null ? [] : [row.quoted_post_id]));
}

/**
 * Takes a user's accepted quotes off their quoted posts' counts, in one statement (a person may quote
 * a post more than once). Run it holding those posts' rows (`postIdsQuotedBy`), before the user's
 * posts are deleted.
 */
export async function takeOffQuoteCountsOf(trx: Db, userId: string): Promise<void> {
  const theirs = trx
    .selectFrom('posts')
    .select((eb) => ['quoted_post_id', eb.fn.countAll<number>().as('removed')])
    .where('author_id', '=', userId)
    .where('quote_state', '=', 'accepted')
    .where('quoted_post_id', 'is not', null)
    .groupBy('quoted_post_id');
  await trx
    .updateTable('posts')
    .from(theirs.as('theirs'))
    .set((eb) => ({ quote_count: eb('posts.quote_count', '-', eb.ref('theirs.removed')) }))
    .whereRef('posts.id', '=', 'theirs.quoted_post_id')
    .execute();
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
  const query = db
    .selectFrom('posts')
    .select(['id', 'content', 'like_count', 'comment_count', 'created_at', 'updated_at'])
    .where('author_id', '=', authorId);
  return withinWindow(query, ['created_at', 'id'], {
    newerThan: after ? [after.created_at, after.id] : undefined,
    oldestFirst: true,
    limit,
  }).execute();
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

/** How many posts each of these authors wrote, and when their newest was written. */
export function postCountsOfAuthors(
  db: Db,
  dialect: Dialect,
  authorIds: readonly string[],
): Promise<{ author_id: string; count: number; newest: string | null }[]> {
  return loadInChunks(authorIds, (chunk) =>
    db
      .selectFrom('posts')
      .select((eb) => [
        'author_id',
        eb.fn.countAll<number>().as('count'),
        eb.fn.max<string | null>('created_at').as('newest'),
      ])
      .where(isOneOf(dialect, 'author_id', chunk))
      .groupBy('author_id')
      .execute(),
  );
}

/** How many posts there are (the server's statistics for apps and other servers). */
export function postCount(db: Db): Promise<number> {
  return countOf(db.selectFrom('posts').select((eb) => eb.fn.countAll<string | number>().as('count')));
}

/**
 * How many people wrote a post at `since` (ISO 8601) or later. One statement, answered from an index
 * (SQLite walks `posts_author_created`, which holds both columns): it grows with the posts.
 */
export function authorCountSince(db: Db, since: string): Promise<number> {
  return countOf(
    db
      .selectFrom('posts')
      .select((eb) => eb.fn.count<string | number>('author_id').distinct().as('count'))
      .where('created_at', '>=', since),
  );
}

/**
 * Takes a deleted user's reposts off their posts' counts (one each: a person reposts a post once).
 * Run it holding those posts' rows, before the reposts are deleted.
 */
export async function takeOffRepostCounts(trx: Db, postIds: readonly string[]): Promise<void> {
  for (const chunk of chunksOf(postIds)) {
    await trx
      .updateTable('posts')
      .set((eb) => ({ repost_count: eb('repost_count', '-', 1) }))
      .where('id', 'in', chunk)
      .execute();
  }
}

/** The ids of the next posts after the post `after` (null: from the first) by id, for a walk over every post. */
export async function postIdsAfter(db: Db, after: string | null, limit: number): Promise<string[]> {
  let query = db.selectFrom('posts').select('id');
  if (after !== null) query = query.where('id', '>', after);
  return (await query.orderBy('id').limit(limit).execute()).map((row) => row.id);
}
