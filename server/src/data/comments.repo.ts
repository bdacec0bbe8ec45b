import { sql, type Selectable, type SqlBool } from 'kysely';
import type { Db, Dialect } from './database.js';
import { countOf } from '../platform/db/count.js';
import { groupBy, isOneOf, loadInChunks } from '../platform/db/chunks.js';
import { hasNul } from '../platform/db/nul.js';
import { preparedOnPostgres } from '../platform/db/prepared.js';
import { firstPerGroup } from '../platform/db/first-per-group.js';
import type { CommentsTable, VoteKind } from './schema.js';
import { cursorKind, withinWindow, type CursorKey, type TimeWindow } from '../platform/db/keyset.js';

/** The `comments` and `comment_votes` tables. */

export type CommentRecord = Selectable<CommentsTable>;

/** Every column of a `CommentRecord`, named (statements prepared on PostgreSQL must not read `*`). */
const commentColumns = [
  'id',
  'post_id',
  'author_id',
  'text',
  'reply_to_id',
  'created_at',
  'updated_at',
  'media_count',
] as const satisfies readonly (keyof CommentRecord)[];

export const commentsInOrder = cursorKind('comments', ['string', 'string']);

/**
 * The comments everyone reading a post sees: all but those of people the post's author blocked. Two
 * primary-key lookups per comment read (the post's author, then the block); the post's comment count
 * still counts them.
 */
const shownUnderItsPost = sql<SqlBool>`not exists (select 1 from posts
  join blocks on blocks.blocker_id = posts.author_id and blocks.blocked_id = comments.author_id
  where posts.id = comments.post_id)`;
type CommentKey = CursorKey<typeof commentsInOrder.shape>;

export function findComment(db: Db, postId: string, commentId: string): Promise<CommentRecord | undefined> {
  if (hasNul(postId) || hasNul(commentId)) return Promise.resolve(undefined);
  return db
    .selectFrom('comments')
    .selectAll()
    .where('id', '=', commentId)
    .where('post_id', '=', postId)
    .executeTakeFirst();
}

export async function insertComment(trx: Db, row: CommentRecord): Promise<void> {
  await trx.insertInto('comments').values(row).execute();
}

export async function updateCommentText(trx: Db, id: string, text: string, at: string): Promise<void> {
  await trx.updateTable('comments').set({ text, updated_at: at }).where('id', '=', id).execute();
}

/** False when the comment was already gone. */
export async function deleteComment(trx: Db, id: string): Promise<boolean> {
  const { numDeletedRows } = await trx.deleteFrom('comments').where('id', '=', id).executeTakeFirstOrThrow();
  return numDeletedRows > 0n;
}

/** Whether the comment is still there, inside the caller's transaction (the post is taken, so it stays). */
export async function commentExists(trx: Db, id: string): Promise<boolean> {
  return (
    (await trx.selectFrom('comments').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

/** Records an up or down vote, replacing the other one; false when the user had cast this very vote. */
export async function putVote(
  trx: Db,
  commentId: string,
  userId: string,
  kind: VoteKind,
  at: string,
): Promise<boolean> {
  const changed = await trx
    .insertInto('comment_votes')
    .values({ comment_id: commentId, user_id: userId, kind, created_at: at })
    .onConflict((oc) =>
      oc
        .columns(['comment_id', 'user_id'])
        .doUpdateSet({ kind, created_at: at })
        .where('comment_votes.kind', '!=', kind),
    )
    .returning('comment_id')
    .executeTakeFirst();
  return changed !== undefined;
}

/** A comment with its first up- and down-voters, earliest first. */
export interface CommentWithVoters {
  record: CommentRecord;
  upvoters: string[];
  downvoters: string[];
}

/** A post's comments in conversation order (oldest first): one page, or the first `limit`. */
export function commentPage(
  db: Db,
  postId: string,
  after: CommentKey | undefined,
  limit: number,
): Promise<CommentRecord[]> {
  if (hasNul(postId)) return Promise.resolve([]);
  return commentPageQuery(db, postId, after, limit).execute();
}

/**
 * A page of a post's comments with the first `votersLimit` voters each way of every comment. On
 * PostgreSQL the voters are two array subqueries of the page's own statement, a round trip fewer for
 * every post page; SQLite reads them in a second statement, in process.
 */
export async function commentPageWithVoters(
  db: Db,
  dialect: Dialect,
  page: { postId: string; after: CommentKey | undefined; limit: number },
  votersLimit: number,
): Promise<CommentWithVoters[]> {
  if (dialect === 'sqlite') {
    const records = await commentPage(db, page.postId, page.after, page.limit);
    return withFirstVoters(db, dialect, records, votersLimit);
  }
  if (hasNul(page.postId)) return [];
  const firstVoters = (kind: VoteKind) => sql<string[]>`array(select user_id from comment_votes
    where comment_id = comments.id and kind = ${kind}
    order by created_at, user_id limit ${votersLimit})::text[]`;
  const rows = await commentPageQuery(db, page.postId, page.after, page.limit)
    .select([firstVoters('up').as('upvoters'), firstVoters('down').as('downvoters')])
    .execute();
  return rows.map(({ upvoters, downvoters, ...record }) => ({ record, upvoters, downvoters }));
}

function commentPageQuery(db: Db, postId: string, after: CommentKey | undefined, limit: number) {
  let query = db
    .selectFrom('comments')
    .modifyFront(preparedOnPostgres)
    .select(commentColumns)
    .where('post_id', '=', postId)
    .where(shownUnderItsPost);
  if (after) {
    const [createdAt, id] = after;
    query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(createdAt, id)));
  }
  return query.orderBy('created_at').orderBy('id').limit(limit);
}

export function commentsByIds(db: Db, dialect: Dialect, ids: readonly string[]): Promise<CommentRecord[]> {
  return loadInChunks(ids, (chunk) =>
    db
      .selectFrom('comments')
      .modifyFront(preparedOnPostgres)
      .select(commentColumns)
      .where(isOneOf(dialect, 'id', chunk))
      .execute(),
  );
}

/** The first `limit` comments of each post, oldest first, in one round trip whatever the number of posts. */
export function firstComments(
  db: Db,
  dialect: Dialect,
  postIds: readonly string[],
  limit: number,
): Promise<CommentRecord[]> {
  return firstPerGroup<CommentRecord>(db, dialect, {
    table: 'comments',
    groupColumn: 'post_id',
    groups: postIds,
    columns: commentColumns,
    where: shownUnderItsPost,
    orderBy: ['created_at', 'id'],
    limit,
  });
}

/** The comments with their first `limit` up- and down-voters each, earliest first, in one round trip. */
export async function withFirstVoters(
  db: Db,
  dialect: Dialect,
  records: readonly CommentRecord[],
  limit: number,
): Promise<CommentWithVoters[]> {
  const voters = await firstPerGroup<{ comment_id: string; kind: VoteKind; user_id: string }>(db, dialect, {
    table: 'comment_votes',
    groupColumn: 'comment_id',
    groups: records.map((record) => record.id),
    split: { column: 'kind', values: ['up', 'down'] },
    columns: ['comment_id', 'kind', 'user_id', 'created_at'],
    orderBy: ['created_at', 'user_id'],
    limit,
  });
  const byComment = groupBy(voters, (vote) => vote.comment_id);
  return records.map((record) => {
    const own = byComment.get(record.id) ?? [];
    return {
      record,
      upvoters: own.filter((vote) => vote.kind === 'up').map((vote) => vote.user_id),
      downvoters: own.filter((vote) => vote.kind === 'down').map((vote) => vote.user_id),
    };
  });
}

/** Takes back the user's vote on a comment; false when there was none. */
export async function removeVote(trx: Db, commentId: string, userId: string): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('comment_votes')
    .where('comment_id', '=', commentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** The posts holding comments a user voted on: deleting the user changes what those posts show. */
export async function postIdsOfCommentsVotedBy(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('comment_votes')
    .innerJoin('comments', 'comments.id', 'comment_votes.comment_id')
    .select('comments.post_id')
    .distinct()
    .where('comment_votes.user_id', '=', userId)
    .execute();
  return rows.map((row) => row.post_id);
}

/**
 * The posts of `postAuthorId` that `commenterId` commented on: what those posts show changes when the
 * one blocks or unblocks the other.
 */
export async function postIdsCommentedOn(
  db: Db,
  commenterId: string,
  postAuthorId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .select('comments.post_id')
    .distinct()
    .where('comments.author_id', '=', commenterId)
    .where('posts.author_id', '=', postAuthorId)
    .execute();
  return rows.map((row) => row.post_id);
}

/** Up to `limit` of the people who commented on a post (`comments_by_post`): those an edit of it notifies. */
export async function commenterIdsOf(db: Db, postId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('comments')
    .select('author_id')
    .distinct()
    .where('post_id', '=', postId)
    .limit(limit)
    .execute();
  return rows.map((row) => row.author_id);
}

/** The posts a user commented on: deleting the user changes their comment counts. */
export async function postIdsCommentedBy(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('comments')
    .select('post_id')
    .distinct()
    .where('author_id', '=', userId)
    .execute();
  return rows.map((row) => row.post_id);
}

/**
 * How many comments an author wrote under each post (`post_id`, `removed`), as a subquery for
 * posts.repo's `takeOffCommentCounts`, which runs it inside its own statement; nothing runs here.
 */
export function commentCountsOf(db: Db, authorId: string) {
  return db
    .selectFrom('comments')
    .select((eb) => ['post_id', eb.fn.countAll<number>().as('removed')])
    .where('author_id', '=', authorId)
    .groupBy('post_id');
}

/**
 * Removes a user's comments (their votes go with them). Take them off their posts' counts first
 * (posts.repo `takeOffCommentCounts` with `commentCountsOf`), holding those posts' rows.
 */
export async function deleteCommentsOf(trx: Db, authorId: string): Promise<void> {
  await trx.deleteFrom('comments').where('author_id', '=', authorId).execute();
}

export async function deleteCommentVotesOf(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom('comment_votes').where('user_id', '=', userId).execute();
}

export type CommentExportRow = Pick<CommentRecord, 'id' | 'post_id' | 'text' | 'created_at' | 'updated_at'>;

/** One page of an author's comments, by id (time-ordered ids: oldest first), after the row given. */
export function commentsOfAuthorPage(
  db: Db,
  authorId: string,
  after: CommentExportRow | undefined,
  limit: number,
): Promise<CommentExportRow[]> {
  let query = db
    .selectFrom('comments')
    .select(['id', 'post_id', 'text', 'created_at', 'updated_at'])
    .where('author_id', '=', authorId)
    .orderBy('id')
    .limit(limit);
  if (after) query = query.where('id', '>', after.id);
  return query.execute();
}

export type VoteExportRow = { comment_id: string; kind: VoteKind; created_at: string };

/** One page of a user's comment votes, by comment id, after the row given. */
export function votesOfUserPage(
  db: Db,
  userId: string,
  after: VoteExportRow | undefined,
  limit: number,
): Promise<VoteExportRow[]> {
  let query = db
    .selectFrom('comment_votes')
    .select(['comment_id', 'kind', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('comment_id')
    .limit(limit);
  if (after) query = query.where('comment_id', '>', after.comment_id);
  return query.execute();
}

/** How many comments each of these authors wrote, and when their newest was written. */
export function commentCountsOfAuthors(
  db: Db,
  dialect: Dialect,
  authorIds: readonly string[],
): Promise<{ author_id: string; count: number; newest: string | null }[]> {
  return loadInChunks(authorIds, (chunk) =>
    db
      .selectFrom('comments')
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

/**
 * A window of an author's comments by id (ids are time-ordered), newest first or, with `oldestFirst`,
 * oldest first: the (author_id, id) index's range. `selfRepliesOnly`: only those that answer the
 * author's own comment, or the author's own post when the comment they answer is not there (a thread
 * the author continues, which Mastodon's `exclude_replies` keeps).
 */
export function commentsOfAuthorWindow(
  db: Db,
  authorId: string,
  window: TimeWindow,
  {
    selfRepliesOnly = false,
    withMediaOnly = false,
  }: { selfRepliesOnly?: boolean; withMediaOnly?: boolean } = {},
): Promise<CommentRecord[]> {
  let query = db.selectFrom('comments').select(commentColumns).where('author_id', '=', authorId);
  if (withMediaOnly) query = query.where('media_count', '>', 0);
  if (selfRepliesOnly) {
    query = query.where((eb) => {
      const answered = eb
        .selectFrom('comments as answered')
        .select('answered.author_id')
        .whereRef('answered.id', '=', 'comments.reply_to_id');
      return eb.or([
        eb.exists(answered.where('answered.author_id', '=', authorId)),
        eb.and([
          eb.not(eb.exists(answered)),
          eb.exists(
            eb
              .selectFrom('posts')
              .select('posts.id')
              .whereRef('posts.id', '=', 'comments.post_id')
              .where('posts.author_id', '=', authorId),
          ),
        ]),
      ]);
    });
  }
  if (window.olderThan) query = query.where('id', '<', window.olderThan[1]);
  if (window.newerThan) query = query.where('id', '>', window.newerThan[1]);
  return query
    .orderBy('id', window.oldestFirst ? 'asc' : 'desc')
    .limit(window.limit)
    .execute();
}

/** How many comments there are (the server's statistics for apps and other servers). */
export function commentCount(db: Db): Promise<number> {
  return countOf(db.selectFrom('comments').select((eb) => eb.fn.countAll<string | number>().as('count')));
}

/** A window of the users who voted a comment up (or down) by when they did (`comment_votes_by_comment`). */
export function voterWindow(
  db: Db,
  commentId: string,
  kind: VoteKind,
  window: TimeWindow,
): Promise<{ user_id: string; created_at: string }[]> {
  const query = db
    .selectFrom('comment_votes')
    .select(['user_id', 'created_at'])
    .where('comment_id', '=', commentId)
    .where('kind', '=', kind);
  return withinWindow(query, ['created_at', 'user_id'], window).execute();
}

/**
 * A window of the comments a user voted up by when they did. The user's index (`comment_votes_by_user`)
 * finds their votes; their order is a sort of those, as for the account export.
 */
export function upvotedWindow(
  db: Db,
  userId: string,
  window: TimeWindow,
): Promise<{ comment_id: string; created_at: string }[]> {
  const query = db
    .selectFrom('comment_votes')
    .select(['comment_id', 'created_at'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'up');
  return withinWindow(query, ['created_at', 'comment_id'], window).execute();
}

/**
 * The next comments after the comment `after` (null: from the first) by id, with their posts, for a
 * walk over every comment.
 */
export function commentIdsAfter(
  db: Db,
  after: string | null,
  limit: number,
): Promise<{ id: string; post_id: string }[]> {
  let query = db.selectFrom('comments').select(['id', 'post_id']);
  if (after !== null) query = query.where('id', '>', after);
  return query.orderBy('id').limit(limit).execute();
}
