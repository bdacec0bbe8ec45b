import { Limits, type Post, type PostSort, type UserSummary } from '@sync/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { groupBy, loadInChunks } from '../db/chunks.js';
import { firstPerGroup } from '../db/first-per-group.js';
import { lockPost } from '../db/post-lock.js';
import type { ReactionKind } from '../db/schema.js';
import type { PageRequest } from '../http/pagination.js';
import { loadCommentsOfPosts } from '../comments/comments.repo.js';
import { summaryColumns, toSummary, type SummaryRow } from '../users/users.repo.js';

export function postsWithAuthors(db: Db) {
  return db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.author_id')
    .select([
      'posts.id',
      'posts.author_id',
      'posts.content',
      'posts.like_count',
      'posts.comment_count',
      'posts.created_at',
      'posts.updated_at',
      'users.username',
      'users.first_name',
      'users.last_name',
      'users.avatar_url',
    ]);
}

export type PostRow = Awaited<ReturnType<ReturnType<typeof postsWithAuthors>['executeTakeFirstOrThrow']>>;

/** The cursor key of a post in each sort order. */
export const postKey: Record<PostSort, (row: PostRow) => (string | number)[]> = {
  newest: (row) => [row.created_at, row.id],
  trending: (row) => [row.like_count, row.created_at, row.id],
};
export const postKeyShape = {
  newest: ['string', 'string'],
  trending: ['number', 'string', 'string'],
} as const;

export function findPostRow(db: Db, id: string): Promise<PostRow | undefined> {
  // PostgreSQL refuses NUL in text parameters (a 500); no id contains one, so there is nothing to find.
  if (id.includes('\u0000')) return Promise.resolve(undefined);
  return postsWithAuthors(db).where('posts.id', '=', id).executeTakeFirst();
}

/**
 * Posts, optionally of one author: newest first, or trending (most liked, then newest), one page or
 * all of them. With neither a sort nor a page: all of them in creation order (the contract).
 */
export function listPostRows(
  db: Db,
  options: { authorId?: string; sort?: PostSort | undefined; page?: PageRequest | undefined },
): Promise<PostRow[]> {
  let query = postsWithAuthors(db);
  if (options.authorId) query = query.where('posts.author_id', '=', options.authorId);
  const { page, sort } = options;
  if (!page && !sort) return query.orderBy('posts.created_at').orderBy('posts.id').execute();
  if (sort === 'trending') {
    query = query.orderBy('posts.like_count', 'desc');
    if (page?.after) {
      const [likes, createdAt, id] = page.after as [number, string, string];
      query = query.where((eb) =>
        eb(
          eb.refTuple('posts.like_count', 'posts.created_at', 'posts.id'),
          '<',
          eb.tuple(likes, createdAt, id),
        ),
      );
    }
  } else if (page?.after) {
    const [createdAt, id] = page.after as [string, string];
    query = query.where((eb) =>
      eb(eb.refTuple('posts.created_at', 'posts.id'), '<', eb.tuple(createdAt, id)),
    );
  }
  query = query.orderBy('posts.created_at', 'desc').orderBy('posts.id', 'desc');
  return (page ? query.limit(page.limit + 1) : query).execute();
}

export async function insertPost(
  db: Db,
  row: { id: string; author_id: string; content: string; created_at: string; updated_at: string },
): Promise<void> {
  await db.insertInto('posts').values(row).execute();
}

export async function updatePostContent(db: Db, id: string, content: string, now: string): Promise<void> {
  await db.updateTable('posts').set({ content, updated_at: now }).where('id', '=', id).execute();
}

/** Deletes a post; its comments, votes, reactions and bookmarks go with it (ON DELETE CASCADE, one statement). */
export async function deletePost(db: Db, id: string): Promise<void> {
  await db.deleteFrom('posts').where('id', '=', id).execute();
}

/**
 * Likes a post, replacing the user's dislike if any. The like count moves with the like rows in the
 * same transaction, so it always equals the number of likes.
 */
export function like(
  db: Db,
  postId: string,
  userId: string,
  now: string,
): Promise<'ok' | 'already' | 'missing'> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockPost(trx, postId))) return 'missing';
    const switched = await trx
      .updateTable('post_reactions')
      .set({ kind: 'like', created_at: now })
      .where('post_id', '=', postId)
      .where('user_id', '=', userId)
      .where('kind', '=', 'dislike')
      .executeTakeFirst();
    if (switched.numUpdatedRows === 0n) {
      const inserted = await trx
        .insertInto('post_reactions')
        .values({ post_id: postId, user_id: userId, kind: 'like', created_at: now })
        .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
        .executeTakeFirst();
      if ((inserted.numInsertedOrUpdatedRows ?? 0n) === 0n) return 'already';
    }
    await trx
      .updateTable('posts')
      .set((eb) => ({ like_count: eb('like_count', '+', 1) }))
      .where('id', '=', postId)
      .execute();
    return 'ok';
  });
}

/**
 * Dislikes a post, removing the user's like if any. Refused when nobody likes the post ('zero', the
 * spec's first check) or the user already disliked it ('already').
 */
export function dislike(
  db: Db,
  postId: string,
  userId: string,
  now: string,
): Promise<'ok' | 'zero' | 'already' | 'missing'> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockPost(trx, postId))) return 'missing';
    const post = await trx
      .selectFrom('posts')
      .select('like_count')
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    if (post.like_count <= 0) return 'zero';
    const switched = await trx
      .updateTable('post_reactions')
      .set({ kind: 'dislike', created_at: now })
      .where('post_id', '=', postId)
      .where('user_id', '=', userId)
      .where('kind', '=', 'like')
      .executeTakeFirst();
    if (switched.numUpdatedRows > 0n) {
      await trx
        .updateTable('posts')
        .set((eb) => ({ like_count: eb('like_count', '-', 1) }))
        .where('id', '=', postId)
        .execute();
      return 'ok';
    }
    const inserted = await trx
      .insertInto('post_reactions')
      .values({ post_id: postId, user_id: userId, kind: 'dislike', created_at: now })
      .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n ? 'ok' : 'already';
  });
}

/** One page of the users who liked (or disliked) a post, earliest first. */
export function listReactors(
  db: Db,
  postId: string,
  kind: ReactionKind,
  page: PageRequest,
): Promise<(SummaryRow & { reacted_at: string })[]> {
  let query = db
    .selectFrom('post_reactions')
    .innerJoin('users', 'users.id', 'post_reactions.user_id')
    .select([...summaryColumns, 'post_reactions.created_at as reacted_at'])
    .where('post_reactions.post_id', '=', postId)
    .where('post_reactions.kind', '=', kind)
    .orderBy('post_reactions.created_at')
    .orderBy('post_reactions.user_id')
    .limit(page.limit + 1);
  if (page.after) {
    const [reactedAt, userId] = page.after as [string, string];
    query = query.where((eb) =>
      eb(
        eb.refTuple('post_reactions.created_at', 'post_reactions.user_id'),
        '>',
        eb.tuple(reactedAt, userId),
      ),
    );
  }
  return query.execute();
}

export interface LoadPostsOptions {
  /** The signed-in user, whose own like, dislike and bookmark are reported in `viewer` (on any post). */
  viewerId?: string | undefined;
  /** Paginated answers cap likedBy, dislikedBy and comments to a preview and add `viewer`. */
  preview: boolean;
}

type ReactionRow = SummaryRow & { post_id: string; kind: ReactionKind; created_at: string };

/** Builds the contract's posts from rows in a fixed number of queries, whatever the number of posts. */
export async function loadPosts(db: Db, rows: PostRow[], options: LoadPostsOptions): Promise<Post[]> {
  const ids = rows.map((row) => row.id);
  const [reactions, comments, viewer] = await Promise.all([
    loadReactions(db, ids, options.preview),
    loadCommentsOfPosts(db, ids, options.preview),
    options.viewerId ? loadViewerState(db, ids, options.viewerId) : undefined,
  ]);
  const reactionsByPost = groupBy(reactions, (reaction) => reaction.post_id);
  return rows.map((row) => {
    const own = reactionsByPost.get(row.id) ?? [];
    const reactors = (kind: ReactionKind): UserSummary[] =>
      own.filter((reaction) => reaction.kind === kind).map(toSummary);
    const post: Post = {
      _id: row.id,
      content: row.content,
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      avatarURL: row.avatar_url,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      likes: { likeCount: row.like_count, likedBy: reactors('like'), dislikedBy: reactors('dislike') },
      comments: comments.get(row.id) ?? [],
      commentCount: row.comment_count,
    };
    if (options.preview || options.viewerId) {
      post.viewer = {
        liked: viewer?.reactions.get(row.id) === 'like',
        disliked: viewer?.reactions.get(row.id) === 'dislike',
        bookmarked: viewer?.bookmarks.has(row.id) ?? false,
      };
    }
    return post;
  });
}

async function loadReactions(db: Db, postIds: string[], preview: boolean): Promise<ReactionRow[]> {
  const reactionsWithUsers = () =>
    db
      .selectFrom('post_reactions')
      .innerJoin('users', 'users.id', 'post_reactions.user_id')
      .select([
        'post_reactions.post_id',
        'post_reactions.kind',
        'post_reactions.created_at',
        ...summaryColumns,
      ]);
  if (postIds.length === 0) return [];
  if (preview) {
    const parts = postIds.flatMap((postId) =>
      (['like', 'dislike'] as const).map(
        (kind) => sql`select post_id, kind, user_id, created_at from post_reactions
          where post_id = ${postId} and kind = ${kind}
          order by created_at, user_id limit ${Limits.previewSize}`,
      ),
    );
    const { rows } = await sql<ReactionRow>`select r.post_id, r.kind, r.created_at, u.id as user_id,
        u.username, u.first_name, u.last_name, u.avatar_url
      from (${firstPerGroup(parts)}) as r cross join users u
      where u.id = r.user_id
      order by r.created_at, r.user_id`.execute(db);
    return rows;
  }
  return loadInChunks(postIds, (chunk) =>
    reactionsWithUsers()
      .where('post_reactions.post_id', 'in', chunk)
      .orderBy('post_reactions.created_at')
      .execute(),
  );
}

async function loadViewerState(db: Db, postIds: string[], viewerId: string) {
  if (postIds.length === 0)
    return { reactions: new Map<string, ReactionKind>(), bookmarks: new Set<string>() };
  const [reactions, bookmarks] = await Promise.all([
    db
      .selectFrom('post_reactions')
      .select(['post_id', 'kind'])
      .where('user_id', '=', viewerId)
      .where('post_id', 'in', postIds)
      .execute(),
    db
      .selectFrom('bookmarks')
      .select('post_id')
      .where('user_id', '=', viewerId)
      .where('post_id', 'in', postIds)
      .execute(),
  ]);
  return {
    reactions: new Map(reactions.map((row) => [row.post_id, row.kind])),
    bookmarks: new Set(bookmarks.map((row) => row.post_id)),
  };
}
