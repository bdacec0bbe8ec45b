import type { Comment, CommentsReply, EditHistoryReply, FullPost, PreviewPost } from '@sync/contract';
import { versionsOf } from '../shared/edit-history.js';
import type { Deps } from '../shared/deps.js';
import type { VoteKind } from '../../data/schema.js';
import { Messages, notFound } from '../../platform/http/errors.js';
import type { PageQuery } from '../../platform/http/pagination.js';
import {
  castVote,
  changeComment,
  removeComment,
  requireComment,
  writeComment,
} from '../shared/comment-writes.js';
import { mentionsNobody, newComment, type HydratedComment } from '../../read/hydration/hydrator.js';
import { visibleComments } from '../../read/hydration/visible.js';
import { everyPost, postPreview } from './post-answers.js';
import { requirePost } from '../shared/post-answers.js';
import * as posts from '../../data/posts.repo.js';
import { commentView, commentViews } from '../../read/views/sync/comments.js';
import * as comments from '../../data/comments.repo.js';

/** One function per endpoint of /api/comments. Every change takes the post first, in its transaction. */

type ChangeAnswer = { posts: FullPost[] } | { post: PreviewPost; comment?: Comment };

/**
 * Comment changes answer every post (the contract) or, with ?return=post|minimal, the post and the
 * comment, hydrated together: their people and the viewer's marks come in one query.
 */
async function changeAnswer(
  deps: Deps,
  input: { record: posts.PostRecord; comment?: ChangedComment; viewerId: string; changedOnly: boolean },
): Promise<ChangeAnswer> {
  if (!input.changedOnly) return { posts: await everyPost(deps, { viewerId: input.viewerId }) };
  const changed =
    input.comment &&
    ('record' in input.comment ? input.comment : await currentComment(deps, input.comment.id));
  const { post, page } = await postPreview(deps, input.record, input.viewerId, changed ? [changed] : []);
  if (!changed) return { post };
  const viewer = { id: input.viewerId, votes: page.marks!.votes };
  const comment = commentView(changed, { people: page.users, viewer });
  return comment ? { post, comment } : { post };
}

/** The comment a change answers: as it was just written, or its id, to be read after the change. */
type ChangedComment = HydratedComment | { id: string };

/** A comment as it is now, with its first voters (undefined when it is gone meanwhile). */
async function currentComment(deps: Deps, id: string): Promise<HydratedComment | undefined> {
  const [record] = await comments.commentsByIds(deps.db, deps.dialect, [id]);
  return record && (await deps.hydrator.comments([record]))[0];
}

/** `GET /comments/:postId`: a page in conversation order, or the first `caps.entries`. */
export async function listComments(
  deps: Deps,
  input: { postId: string; query: PageQuery; viewerId: string | undefined },
): Promise<CommentsReply> {
  const { postId } = input;
  const rules = await deps.hydrator.rules(input.viewerId);
  // A post whose author the viewer does not see (a block) does not exist for them, nor its comments.
  if (!rules.hidesNothing && !rules.seesAccount((await requirePost(deps, postId)).author_id))
    throw notFound(Messages.postNotFound(postId));
  const keep = async (rows: HydratedComment[]) => {
    const shown = new Set(visibleComments(rules, rows, 'thread').map((comment) => comment.record.id));
    return rows.filter((row) => shown.has(row.record.id));
  };
  const kind = { ...comments.commentsInOrder, scope: `comments:${postId}` };
  const request = deps.cursors.pageRequest(kind, input.query);
  const { items: rows, nextCursor } = request
    ? await deps.cursors.page(
        kind,
        request,
        (after, limit) => deps.hydrator.commentPage({ postId, after, limit }),
        (comment) => [comment.record.created_at, comment.record.id],
        keep,
      )
    : {
        items: await deps.hydrator.commentPage({ postId, after: undefined, limit: deps.caps.entries }),
        nextCursor: undefined,
      };
  // Comments are deleted with their post, so a page that has some proves the post exists: only an
  // empty one reads the post (for the 404), a round trip fewer for every commented post.
  if (rows.length === 0) await requirePost(deps, postId);
  const items = visibleComments(rules, rows, 'thread');
  const { users, marks } = await deps.hydrator.peopleAndMarks({ posts: [], comments: items }, input.viewerId);
  const viewer = input.viewerId && marks ? { id: input.viewerId, votes: marks.votes } : undefined;
  const list = commentViews(items, { people: users, viewer });
  return nextCursor === undefined ? { comments: list } : { comments: list, nextCursor };
}

/** `POST /comments/add/:postId` */
export async function addComment(
  deps: Deps,
  input: {
    viewerId: string;
    postId: string;
    text: string;
    mediaIds?: readonly string[] | undefined;
    changedOnly: boolean;
  },
): Promise<ChangeAnswer> {
  const { record, comment } = await writeComment(deps, input);
  // Nobody voted on it yet; an image, and whom it mentions, are read with it.
  const [hydrated] =
    comment.media_count > 0 || !mentionsNobody(comment.text)
      ? await deps.hydrator.comments([comment])
      : [newComment(comment)];
  return changeAnswer(deps, {
    record,
    comment: hydrated!,
    viewerId: input.viewerId,
    changedOnly: input.changedOnly,
  });
}

/** `POST /comments/edit/:postId/:commentId`: refused across a block with the post's author, as a new comment is. */
export async function editComment(
  deps: Deps,
  input: { viewerId: string; postId: string; commentId: string; text: string; changedOnly: boolean },
): Promise<ChangeAnswer> {
  const { record, comment } = await changeComment(deps, input);
  return changeAnswer(deps, {
    record,
    comment: { id: comment.id },
    viewerId: input.viewerId,
    changedOnly: input.changedOnly,
  });
}

/** `GET /comments/:postId/:commentId/history`: every version of the comment, oldest first. */
export async function commentHistory(
  deps: Deps,
  input: { postId: string; commentId: string; viewerId: string | undefined },
): Promise<EditHistoryReply> {
  const { post, comment } = await requireComment(deps, input.postId, input.commentId);
  const rules = await deps.hydrator.rules(input.viewerId);
  if (!rules.seesAccount(post.author_id) || !rules.seesAccount(comment.author_id))
    throw notFound(Messages.commentNotFound(input.commentId));
  return { versions: await versionsOf(deps, { post, comment }) };
}

/** `POST /comments/delete/:postId/:commentId`: the comment's author or the post's author may delete it. */
export async function deleteComment(
  deps: Deps,
  input: { viewerId: string; postId: string; commentId: string; changedOnly: boolean },
): Promise<ChangeAnswer> {
  const record = await removeComment(deps, input);
  return changeAnswer(deps, { record, viewerId: input.viewerId, changedOnly: input.changedOnly });
}

/** `POST /comments/upvote|downvote|unvote/:postId/:commentId`: cast, switch or (additive) take back a vote. */
export async function voteOnComment(
  deps: Deps,
  input: {
    viewerId: string;
    postId: string;
    commentId: string;
    vote: VoteKind | 'none';
    changedOnly: boolean;
  },
): Promise<ChangeAnswer> {
  const record = await castVote(deps, input);
  return changeAnswer(deps, {
    record,
    comment: { id: input.commentId },
    viewerId: input.viewerId,
    changedOnly: input.changedOnly,
  });
}
