import { Limits, type Comment, type UserSummary } from '@sync/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import { groupBy, loadInChunks } from '../db/chunks.js';
import { firstPerGroup } from '../db/first-per-group.js';
import { lockPost } from '../db/post-lock.js';
import type { CommentsTable, VoteKind } from '../db/schema.js';
import type { PageRequest } from '../http/pagination.js';
import { summaryColumns, toSummary, type SummaryRow } from '../users/users.repo.js';

export type CommentRow = Selectable<CommentsTable>;
type CommentWithAuthor = CommentRow & SummaryRow;

function commentsWithAuthors(db: Db) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.author_id')
    .select([
      'comments.id',
      'comments.post_id',
      'comments.author_id',
      'comments.text',
      'comments.created_at',
      'comments.updated_at',
      ...summaryColumns,
    ]);
}

export function findComment(db: Db, postId: string, commentId: string): Promise<CommentRow | undefined> {
  // PostgreSQL refuses NUL in text parameters (a 500); no id contains one, so there is nothing to find.
  if (`${postId}${commentId}`.includes('\u0000')) return Promise.resolve(undefined);
  return db
    .selectFrom('comments')
    .selectAll()
    .where('id', '=', commentId)
    .where('post_id', '=', postId)
    .executeTakeFirst();
}

/** False when the post was deleted meanwhile. */
export async function insertComment(db: Db, row: CommentRow): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockPost(trx, row.post_id))) return false;
    await trx.insertInto('comments').values(row).execute();
    await trx
      .updateTable('posts')
      .set((eb) => ({ comment_count: eb('comment_count', '+', 1) }))
      .where('id', '=', row.post_id)
      .execute();
    return true;
  });
}

export async function updateCommentText(db: Db, id: string, text: string, now: string): Promise<void> {
  await db.updateTable('comments').set({ text, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteComment(db: Db, comment: CommentRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await lockPost(trx, comment.post_id))) return;
    const { numDeletedRows } = await trx
      .deleteFrom('comments')
      .where('id', '=', comment.id)
      .executeTakeFirstOrThrow();
    if (numDeletedRows > 0n) {
      await trx
        .updateTable('posts')
        .set((eb) => ({ comment_count: eb('comment_count', '-', 1) }))
        .where('id', '=', comment.post_id)
        .execute();
    }
  });
}

/** Records an up or down vote; 'already' when the user had cast this very vote, 'missing' when the comment is gone. */
export async function vote(
  db: Db,
  comment: Pick<CommentRow, 'id' | 'post_id'>,
  userId: string,
  kind: VoteKind,
  now: string,
): Promise<'ok' | 'already' | 'missing'> {
  const commentId = comment.id;
  return db.transaction().execute(async (trx) => {
    // With the post locked, neither the post nor (see deleteComment) the comment can go away meanwhile.
    if (!(await lockPost(trx, comment.post_id))) return 'missing';
    const exists = await trx
      .selectFrom('comments')
      .select('id')
      .where('id', '=', commentId)
      .executeTakeFirst();
    if (!exists) return 'missing';
    const switched = await trx
      .updateTable('comment_votes')
      .set({ kind, created_at: now })
      .where('comment_id', '=', commentId)
      .where('user_id', '=', userId)
      .where('kind', '!=', kind)
      .executeTakeFirst();
    if (switched.numUpdatedRows > 0n) return 'ok';
    const inserted = await trx
      .insertInto('comment_votes')
      .values({ comment_id: commentId, user_id: userId, kind, created_at: now })
      .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n ? 'ok' : 'already';
  });
}

/** A post's comments in conversation order (oldest first): all of them, or one page. */
export function listCommentRows(db: Db, postId: string, page?: PageRequest): Promise<CommentWithAuthor[]> {
  let query = commentsWithAuthors(db)
    .where('comments.post_id', '=', postId)
    .orderBy('comments.created_at')
    .orderBy('comments.id');
  if (page) {
    if (page.after) {
      const [createdAt, id] = page.after as [string, string];
      query = query.where((eb) =>
        eb(eb.refTuple('comments.created_at', 'comments.id'), '>', eb.tuple(createdAt, id)),
      );
    }
    query = query.limit(page.limit + 1);
  }
  return query.execute();
}

export function findCommentWithAuthor(db: Db, id: string): Promise<CommentWithAuthor | undefined> {
  return commentsWithAuthors(db).where('comments.id', '=', id).executeTakeFirst();
}

/** Builds the contract's comments, loading every comment's votes in one query per 500 comments. */
export async function toComments(db: Db, rows: CommentWithAuthor[]): Promise<Comment[]> {
  const votes = await loadInChunks(
    rows.map((row) => row.id),
    (chunk) =>
      db
        .selectFrom('comment_votes')
        .innerJoin('users', 'users.id', 'comment_votes.user_id')
        .select(['comment_votes.comment_id', 'comment_votes.kind', ...summaryColumns])
        .where('comment_votes.comment_id', 'in', chunk)
        .orderBy('comment_votes.created_at')
        .execute(),
  );
  const byComment = groupBy(votes, (vote) => vote.comment_id);
  return rows.map((row) => {
    const own = byComment.get(row.id) ?? [];
    const voters = (kind: VoteKind): UserSummary[] => own.filter((vote) => vote.kind === kind).map(toSummary);
    return {
      _id: row.id,
      text: row.text,
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      avatarURL: row.avatar_url,
      votes: { upvotedBy: voters('up'), downvotedBy: voters('down') },
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  });
}

/** The comments of many posts: all of them, or (preview) the first few of each. */
export async function loadCommentsOfPosts(
  db: Db,
  postIds: string[],
  preview: boolean,
): Promise<Map<string, Comment[]>> {
  if (postIds.length === 0) return new Map();
  let rows: CommentWithAuthor[] = [];
  if (preview) {
    const parts = postIds.map(
      (postId) => sql`select id, post_id, author_id, text, created_at, updated_at from comments
        where post_id = ${postId} order by created_at, id limit ${Limits.previewSize}`,
    );
    ({ rows } = await sql<CommentWithAuthor>`select c.id, c.post_id, c.author_id, c.text, c.created_at,
        c.updated_at, u.id as user_id, u.username, u.first_name, u.last_name, u.avatar_url
      from (${firstPerGroup(parts)}) as c cross join users u
      where u.id = c.author_id
      order by c.created_at, c.id`.execute(db));
  } else {
    rows = await loadInChunks(postIds, (chunk) =>
      commentsWithAuthors(db)
        .where('comments.post_id', 'in', chunk)
        .orderBy('comments.created_at')
        .orderBy('comments.id')
        .execute(),
    );
  }
  const comments = await toComments(db, rows);
  return groupBy(comments, (_, index) => rows[index]!.post_id);
}
