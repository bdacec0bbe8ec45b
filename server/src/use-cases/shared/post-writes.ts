import { Limits } from '@sync/contract';
import type { Deps } from './deps.js';
import type { Db } from '../../data/database.js';
import { newId } from '../../platform/db/ids.js';
import { commit } from './commit.js';
import type { QuotePolicy, ReactionKind } from '../../data/schema.js';
import { consentToQuote, requireQuotable } from './quotes.js';
import { AlreadyDone, NoLikesToTakeAway, NotFound, NotYours } from './domain-errors.js';
import { checkText } from './text.js';
import * as notifications from '../../data/notifications.repo.js';
import { recordTextEntities } from './text-entities.js';
import * as posts from '../../data/posts.repo.js';
import { requirePost } from './post-answers.js';
import { onPost, refuseAcrossBlock } from './blocks-between.js';
import { attachUploads, checkMediaIds, replacePostMedia } from './media-attachments.js';
import { noticesOfEdit } from './edit-notices.js';
import { releaseMediaOfPost } from '../../data/media.repo.js';
import { sweepMediaNow } from './media-sweep.js';
import { keepReplacedVersion } from './edit-history.js';

/**
 * The changes to posts that both APIs make (Sync's /api/posts, the Mastodon API's statuses and
 * favourites). The answers are each API's own.
 */

/** A post's text; it may be empty when the post shows images. */
export const checkContent = (content: string, options: { withMedia?: boolean } = {}) =>
  checkText(content, { label: 'Post content', max: Limits.postContent, required: !options.withMedia });

/**
 * A step of the caller's in the transaction that writes a post or a comment, given its new id (the
 * Mastodon API records an Idempotency-Key there): if it throws, nothing is written.
 */
export type WrittenAlongside = (trx: Deps['db'], id: string) => Promise<void>;

/** A new post with its mentions and tags, in one transaction, then announced; its record. */
export async function writePost(
  deps: Deps,
  input: {
    viewerId: string;
    content: string;
    /** Uploads of the author's, shown in this order. */
    mediaIds?: readonly string[] | undefined;
    sensitive?: boolean | undefined;
    /** The post it quotes, with its author's consent (shared/quotes.ts). */
    quoteId?: string | undefined;
    /** Who may quote it; the author's default (users.quote_policy) when left out. */
    quotePolicy?: QuotePolicy | undefined;
    alongside?: WrittenAlongside | undefined;
  },
): Promise<posts.PostRecord> {
  const mediaIds = checkMediaIds(deps, input.mediaIds, 'post');
  const content = checkContent(input.content, { withMedia: mediaIds.length > 0 });
  const { quoteId } = input;
  if (quoteId !== undefined) await requireQuotable(deps, input.viewerId, quoteId);
  const now = deps.clock.now();
  const at = now.toISOString();
  return commit(deps, async (trx, effects) => {
    const quoted =
      quoteId === undefined
        ? undefined
        : await consentToQuote(deps, trx, { quoterId: input.viewerId, quotedId: quoteId });
    const post = await posts.insertPost(trx, {
      id: newId(now),
      author_id: input.viewerId,
      content,
      created_at: at,
      updated_at: at,
      media_count: mediaIds.length,
      sensitive: input.sensitive && mediaIds.length > 0 ? 1 : 0,
      ...(quoted && { quoted_post_id: quoted.id, quote_state: 'accepted' }),
      ...(input.quotePolicy && { quote_policy: input.quotePolicy }),
    });
    if (quoted) await posts.takeForChange(trx, quoted.id, { quotes: 1 });
    await attachUploads(trx, { ids: mediaIds, ownerId: input.viewerId, to: { post_id: post.id } });
    await input.alongside?.(trx, post.id);
    // The quoted author hears of it (not of their own quote: addCause skips it); a quoter they muted
    // with notifications is left out where notifications are read, as a mention is.
    const quotedNotice =
      quoted &&
      (await notifications.addCause(trx, {
        recipientId: quoted.author_id,
        actorId: input.viewerId,
        type: 'quote',
        groupKey: post.id,
        postId: post.id,
        at,
      }));
    const mentioned = await recordTextEntities(trx, { post, text: content, at });
    effects.newPost(post);
    effects.publish({ type: 'post', postId: post.id, authorId: post.author_id });
    effects.notified([...mentioned, quotedNotice]);
    return post;
  });
}

/** Edits the viewer's own post, keeping the version it replaces: the post as it is after. */
export async function changePost(
  deps: Deps,
  input: {
    viewerId: string;
    postId: string;
    content: string;
    sensitive?: boolean | undefined;
    /** Who may quote it from now on; what it quotes never changes. */
    quotePolicy?: QuotePolicy | undefined;
    /** The images it shows from now on, in order (uploads of the author's); left out, the same. */
    mediaIds?: readonly string[] | undefined;
  },
) {
  const at = deps.clock.now().toISOString();
  return commit(deps, async (trx, effects) => {
    // The row is held first, as every change does: the version kept is exactly the one replaced. It is
    // read only here, and refusals come in the order they did when it was read before the transaction.
    const current = await posts.lockAndReadPost(trx, deps.dialect, input.postId);
    if (!current) throw new NotFound({ thing: 'post', id: input.postId });
    if (current.author_id !== input.viewerId) throw new NotYours('post', 'edit');
    const mediaIds = input.mediaIds && checkMediaIds(deps, input.mediaIds, 'post');
    const content = checkContent(input.content, { withMedia: (mediaIds?.length ?? current.media_count) > 0 });
    await keepReplacedVersion(deps, trx, { post: current, at });
    if (mediaIds)
      await replacePostMedia(trx, { ids: mediaIds, ownerId: input.viewerId, postId: current.id, at });
    const mediaCount = mediaIds?.length ?? current.media_count;
    const taken = await posts.takeForChange(trx, current.id, {
      content,
      at,
      ...(mediaIds && { mediaCount }),
      // Only images are sensitive: a post left without any is not.
      ...(mediaCount === 0
        ? { sensitive: 0 }
        : input.sensitive !== undefined && { sensitive: input.sensitive ? 1 : 0 }),
      ...(input.quotePolicy !== undefined && { quotePolicy: input.quotePolicy }),
    });
    if (!taken) throw new NotFound({ thing: 'post', id: current.id });
    const mentioned = [
      ...(await recordTextEntities(trx, { post: taken, text: content, previousText: current.content, at })),
      ...(await noticesOfEdit(trx, taken, at)),
    ];
    // Other images: the cached post's list of them is stale, and it is read again.
    if (!mediaIds) effects.editedPost(taken);
    effects.publish({ type: 'post-edited', postId: taken.id, authorId: taken.author_id });
    effects.notified(mentioned);
    return { record: taken };
  });
}

/** Deletes the viewer's own post; the post as it was (a Mastodon app redrafts it from its text). */
export async function removePost(
  deps: Deps,
  input: { viewerId: string; postId: string; keepMediaForRedraft?: boolean },
): Promise<posts.PostRecord> {
  const post = await requirePost(deps, input.postId);
  if (post.author_id !== input.viewerId) throw new NotYours('post', 'delete');
  await erasePost(deps, post, { keepMediaForRedraft: input.keepMediaForRedraft ?? false });
  return post;
}

/**
 * Deletes a post, with what hangs under it, and announces it: the step of deleting, whoever may (its
 * author, a moderator). `alongside` is written in the same transaction (a moderator's record of it).
 * Its images' files are deleted right after, unless they are kept a day for a Mastodon app's
 * delete-and-redraft.
 */
export async function erasePost(
  deps: Deps,
  post: posts.PostRecord,
  terms: { alongside?: (trx: Deps['db']) => Promise<void>; keepMediaForRedraft?: boolean } = {},
): Promise<void> {
  const at = deps.clock.now().toISOString();
  await commit(deps, async (trx, effects) => {
    await releaseMediaOfPost(trx, {
      postId: post.id,
      at,
      keepForRedraft: terms.keepMediaForRedraft ?? false,
    });
    await posts.deletePost(trx, post);
    await terms.alongside?.(trx);
    effects.publish({ type: 'post-deleted', postId: post.id, authorId: post.author_id });
  });
  await sweepMediaNow(deps);
}

/** The like notification a like adds to the post's author's and an unlike takes back. */
const likeOf = (post: posts.PostRecord, actorId: string) =>
  ({ recipientId: post.author_id, actorId, type: 'like', groupKey: post.id }) as const;

/**
 * A like, a dislike, or (`none`, a Mastodon app's unfavourite) neither; the post as it is after. A like
 * or a dislike across a block with the post's author is refused; taking one's like back is not.
 */
export async function react(
  deps: Deps,
  input: { viewerId: string; postId: string; kind: ReactionKind | 'none' },
): Promise<posts.PostRecord> {
  const at = deps.clock.now().toISOString();
  return commit(deps, async (trx, effects) => {
    const { record, steps, notified } = await writeReaction(trx, input, at);
    if (input.kind !== 'none') effects.ownReaction(record, input.viewerId, input.kind, steps);
    effects.counts(record);
    effects.notified([notified]);
    return record;
  });
}

/** The rows of `react`: the post as it is after, the steps its likes moved, the like notification. */
async function writeReaction(
  trx: Db,
  input: { viewerId: string; postId: string; kind: ReactionKind | 'none' },
  at: string,
): Promise<{ record: posts.PostRecord; steps: number; notified: notifications.NotifiedGroup | undefined }> {
  if (input.kind === 'like') {
    const taken = await posts.takeForChange(trx, input.postId, { likes: 1 });
    if (!taken) throw new NotFound({ thing: 'post', id: input.postId });
    await refuseAcrossBlock(trx, {
      actorId: input.viewerId,
      otherIds: [taken.author_id],
      act: onPost(taken.id),
    });
    if (!(await posts.putLike(trx, input.postId, input.viewerId, at))) throw new AlreadyDone('like');
    const notified = await notifications.addCause(trx, {
      ...likeOf(taken, input.viewerId),
      postId: taken.id,
      at,
    });
    return { record: taken, steps: 1, notified };
  }
  const taken = await posts.takeForChange(trx, input.postId);
  if (!taken) throw new NotFound({ thing: 'post', id: input.postId });
  if (input.kind === 'none') {
    if ((await posts.removeReaction(trx, input.postId, input.viewerId)) !== 'like')
      return { record: taken, steps: 0, notified: undefined };
    await notifications.removeCause(trx, likeOf(taken, input.viewerId));
    const record = (await posts.takeForChange(trx, input.postId, { likes: -1 }))!;
    return { record, steps: 0, notified: undefined };
  }
  await refuseAcrossBlock(trx, {
    actorId: input.viewerId,
    otherIds: [taken.author_id],
    act: onPost(taken.id),
  });
  if (taken.like_count <= 0) throw new NoLikesToTakeAway(taken.id);
  const outcome = await posts.putDislike(trx, input.postId, input.viewerId, at);
  if (outcome === 'already') throw new AlreadyDone('dislike');
  if (outcome === 'added') return { record: taken, steps: 1, notified: undefined };
  await notifications.removeCause(trx, likeOf(taken, input.viewerId));
  const record = (await posts.takeForChange(trx, input.postId, { likes: -1 }))!;
  return { record, steps: 2, notified: undefined };
}
