import { Limits } from '@sync/contract';
import { attachUploads, checkMediaIds } from './media-attachments.js';
import { sweepMediaNow } from './media-sweep.js';
import { keepReplacedVersion } from './edit-history.js';
import { removeMediaOfComment } from '../../data/media.repo.js';
import type { Deps } from './deps.js';
import { newId } from '../../platform/db/ids.js';
import { commit, type Effects } from './commit.js';
import type { VoteKind } from '../../data/schema.js';
import { AlreadyDone, NotFound, NotYours } from './domain-errors.js';
import { checkText } from './text.js';
import * as notifications from '../../data/notifications.repo.js';
import { requirePost } from './post-answers.js';
import * as posts from '../../data/posts.repo.js';
import { recordTextEntities } from './text-entities.js';
import type { WrittenAlongside } from './post-writes.js';
import * as comments from '../../data/comments.repo.js';
import { onPost, refuseAcrossBlock } from './blocks-between.js';

/**
 * The changes to comments that both APIs make (Sync's /api/comments, the Mastodon API's replies and
 * favourites): each in one transaction that takes the post first. The answers are each API's own.
 */

/** A comment's text; it may be empty when the comment shows an image. */
export const checkCommentText = (text: string, options: { withMedia?: boolean } = {}) =>
  checkText(text, { label: 'Comment', max: Limits.commentText, required: !options.withMedia });

export async function requireComment(deps: Deps, postId: string, commentId: string) {
  const post = await requirePost(deps, postId);
  const comment = await comments.findComment(deps.db, post.id, commentId);
  if (!comment) throw new NotFound({ thing: 'comment', id: commentId });
  return { post, comment };
}

/**
 * Runs a change to a post's comments through the commit path, in one transaction that takes the post
 * first (NotFound if it is gone).
 */
export function underPost<T>(
  deps: Deps,
  postId: string,
  counts: { comments?: number },
  change: (trx: Deps['db'], record: posts.PostRecord, effects: Effects) => Promise<T>,
): Promise<T> {
  return commit(deps, async (trx, effects) => {
    const record = await posts.takeForChange(trx, postId, counts);
    if (!record) throw new NotFound({ thing: 'post', id: postId });
    return change(trx, record, effects);
  });
}

/**
 * A new comment on a post, or (from a Mastodon app) an answer to one of its comments, written with its
 * counts, notifications and mentions in one transaction; the post as it is after it, and the comment.
 * Refused across a block with the post's author or the answered comment's.
 */
export async function writeComment(
  deps: Deps,
  input: {
    viewerId: string;
    postId: string;
    text: string;
    replyToId?: string | undefined;
    /** At most one upload of the author's. */
    mediaIds?: readonly string[] | undefined;
    alongside?: WrittenAlongside | undefined;
  },
): Promise<{ record: posts.PostRecord; comment: comments.CommentRecord }> {
  const mediaIds = checkMediaIds(deps, input.mediaIds, 'comment');
  const text = checkCommentText(input.text, { withMedia: mediaIds.length > 0 });
  const now = deps.clock.now();
  const at = now.toISOString();
  const written: comments.CommentRecord = {
    id: newId(now),
    post_id: input.postId,
    author_id: input.viewerId,
    text,
    reply_to_id: input.replyToId ?? null,
    created_at: at,
    updated_at: at,
    media_count: mediaIds.length,
  };
  return underPost(deps, input.postId, { comments: 1 }, async (trx, taken, effects) => {
    // The answered comment may have been deleted since it was read: the answer stays on the post.
    const answered = written.reply_to_id
      ? await comments.findComment(trx, taken.id, written.reply_to_id)
      : undefined;
    if (!answered) written.reply_to_id = null;
    await refuseAcrossBlock(trx, {
      actorId: input.viewerId,
      otherIds: [taken.author_id, ...(answered ? [answered.author_id] : [])],
      act: onPost(taken.id),
    });
    await comments.insertComment(trx, written);
    await attachUploads(trx, { ids: mediaIds, ownerId: input.viewerId, to: { comment_id: written.id } });
    await input.alongside?.(trx, written.id);
    const commented = await notifications.addCause(trx, {
      recipientId: taken.author_id,
      actorId: input.viewerId,
      type: 'comment',
      groupKey: written.id,
      postId: taken.id,
      commentId: written.id,
      at,
    });
    const mentioned = await recordTextEntities(trx, {
      post: taken,
      comment: written,
      text,
      at,
    });
    effects.newComment(taken, written);
    effects.publish({
      type: 'comment',
      postId: taken.id,
      commentId: written.id,
      authorId: written.author_id,
    });
    effects.counts(taken);
    effects.notified([commented, ...mentioned]);
    return { record: taken, comment: written };
  });
}

/**
 * A vote cast, switched or taken back, with the comment author's notification; the post after it. A
 * vote across a block with the comment's or the post's author is refused; taking one back is not.
 */
export async function castVote(
  deps: Deps,
  input: { viewerId: string; postId: string; commentId: string; vote: VoteKind | 'none' },
): Promise<posts.PostRecord> {
  const { comment } = await requireComment(deps, input.postId, input.commentId);
  return underPost(deps, comment.post_id, {}, async (trx, taken, effects) => {
    // With the post taken, the comment cannot go away meanwhile (deleting it takes the post too).
    if (!(await comments.commentExists(trx, comment.id)))
      throw new NotFound({ thing: 'comment', id: comment.id });
    const at = deps.clock.now().toISOString();
    if (input.vote !== 'none') {
      await refuseAcrossBlock(trx, {
        actorId: input.viewerId,
        otherIds: [taken.author_id, comment.author_id],
        act: {
          on: 'content',
          missing: (blockerId) =>
            blockerId === taken.author_id
              ? { thing: 'post', id: taken.id }
              : { thing: 'comment', id: comment.id },
        },
      });
    }
    if (input.vote === 'none') {
      if (!(await comments.removeVote(trx, comment.id, input.viewerId))) {
        throw new AlreadyDone('unvote');
      }
    } else if (!(await comments.putVote(trx, comment.id, input.viewerId, input.vote, at))) {
      throw new AlreadyDone(input.vote === 'up' ? 'upvote' : 'downvote');
    }
    // An upvote notifies the comment's author; a downvote or taking the vote back removes the upvote's.
    const upvote = {
      recipientId: comment.author_id,
      actorId: input.viewerId,
      type: 'upvote',
      groupKey: comment.id,
    } as const;
    if (input.vote === 'up') {
      effects.notified([
        await notifications.addCause(trx, { ...upvote, postId: comment.post_id, commentId: comment.id, at }),
      ]);
    } else {
      await notifications.removeCause(trx, upvote);
    }
    return taken;
  });
}

/** Deletes a comment: its author or the post's author may; the post after it. */
export async function removeComment(
  deps: Deps,
  input: { viewerId: string; postId: string; commentId: string },
): Promise<posts.PostRecord> {
  const { post, comment } = await requireComment(deps, input.postId, input.commentId);
  if (comment.author_id !== input.viewerId && post.author_id !== input.viewerId) {
    throw new NotYours('comment', 'delete');
  }
  return eraseComment(deps, comment);
}

/**
 * Edits the viewer's own comment, keeping the version it replaces (refused across a block with the
 * post's author, as a new comment is): the post and the comment as they are after.
 */
export async function changeComment(
  deps: Deps,
  input: { viewerId: string; postId: string; commentId: string; text: string },
): Promise<{ record: posts.PostRecord; comment: comments.CommentRecord }> {
  const { comment } = await requireComment(deps, input.postId, input.commentId);
  if (comment.author_id !== input.viewerId) throw new NotYours('comment', 'edit');
  const text = checkCommentText(input.text, { withMedia: comment.media_count > 0 });
  const at = deps.clock.now().toISOString();
  return underPost(deps, comment.post_id, {}, async (trx, taken, effects) => {
    await refuseAcrossBlock(trx, {
      actorId: input.viewerId,
      otherIds: [taken.author_id],
      act: onPost(taken.id),
    });
    const current = await comments.findComment(trx, taken.id, comment.id);
    if (!current) throw new NotFound({ thing: 'comment', id: comment.id });
    await keepReplacedVersion(deps, trx, { post: taken, comment: current, at });
    await comments.updateCommentText(trx, comment.id, text, at);
    const mentioned = await recordTextEntities(trx, {
      post: taken,
      comment,
      text,
      previousText: current.text,
      at,
    });
    effects.publish({
      type: 'comment-edited',
      postId: taken.id,
      commentId: comment.id,
      authorId: comment.author_id,
    });
    effects.notified(mentioned);
    return { record: taken, comment: { ...comment, text, updated_at: at } };
  });
}

/**
 * Deletes a comment, takes it off its post's count and announces it: the step of deleting, whoever may
 * (its author, the post's, a moderator); the post after it. `alongside` is written in the same
 * transaction, unless the comment was deleted meanwhile (a moderator's record of it).
 */
export async function eraseComment(
  deps: Deps,
  comment: comments.CommentRecord,
  alongside?: (trx: Deps['db']) => Promise<void>,
): Promise<posts.PostRecord> {
  const record = await commit(deps, async (trx, effects) => {
    const taken = await posts.takeForChange(trx, comment.post_id);
    if (!taken) throw new NotFound({ thing: 'post', id: comment.post_id });
    await removeMediaOfComment(trx, comment.id, deps.clock.now().toISOString());
    // Deleted meanwhile by someone else: nothing to count.
    if (!(await comments.deleteComment(trx, comment.id))) {
      effects.counts(taken);
      return taken;
    }
    await alongside?.(trx);
    const counted = (await posts.takeForChange(trx, comment.post_id, { comments: -1 }))!;
    effects.publish({
      type: 'comment-deleted',
      postId: comment.post_id,
      commentId: comment.id,
      authorId: comment.author_id,
    });
    effects.counts(counted);
    return counted;
  });
  await sweepMediaNow(deps);
  return record;
}
