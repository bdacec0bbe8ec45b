import { MediaLimits } from '@sync/contract';
import type { Deps } from './deps.js';
import { commit } from './commit.js';
import * as media from '../../data/media.repo.js';
import { Invalid, LimitReached, NotFound } from './domain-errors.js';
import * as posts from '../../data/posts.repo.js';
import * as comments from '../../data/comments.repo.js';
import { keepReplacedVersion } from './edit-history.js';
import { checkText } from './text.js';
import type { Focus } from '@sync/contract';

/** What a post or a comment may show: `maxPerPost` (MEDIA_MAX_PER_POST) images, a comment one. */
export function checkMediaIds(
  deps: Deps,
  ids: readonly string[] | undefined,
  on: 'post' | 'comment',
): string[] {
  const unique = [...new Set(ids ?? [])];
  const max = on === 'post' ? deps.media.config.maxPerPost : MediaLimits.perComment;
  if (unique.length > max) {
    throw new LimitReached(
      max,
      `A ${on} can show at most ${max} image${max === 1 ? '' : 's'}; this one has ${unique.length}. Take ${unique.length - max} off.`,
    );
  }
  return unique;
}

/**
 * Attaches uploads to a new post or comment in its transaction, in the given order; refuses the whole
 * write when one cannot be: someone else's, already posted, or deleted.
 */
export async function attachUploads(
  trx: Deps['db'],
  input: Parameters<typeof media.attachMedia>[1],
): Promise<void> {
  if (input.ids.length === 0) return;
  const attached = new Set(await media.attachMedia(trx, input));
  const missing = input.ids.find((id) => !attached.has(id));
  if (missing !== undefined) {
    throw new Invalid(
      'media_ids',
      `Image "${missing}" cannot be attached: it is not an upload of yours waiting to be posted (it may be on another post already, or deleted). Upload it again.`,
      'unusable',
    );
  }
}

/**
 * An edit's images for a post, in the edit's transaction and the new order: images left out are
 * released (media.repo `releaseMediaOfPostExcept`: their files are swept a day later; the version the
 * edit keeps still names them with their alt text), the rest attached or kept; an id that is not an
 * upload of the author's waiting to be posted, nor already on this post, refuses the edit.
 */
export async function replacePostMedia(
  trx: Deps['db'],
  input: { ids: readonly string[]; ownerId: string; postId: string; at: string },
): Promise<void> {
  await media.releaseMediaOfPostExcept(trx, { postId: input.postId, keep: input.ids, at: input.at });
  await attachUploads(trx, {
    ids: input.ids,
    ownerId: input.ownerId,
    to: { post_id: input.postId },
    keepingOf: input.postId,
  });
}

export function checkDescription(description: string): string {
  return checkText(description, { label: 'Alt text', max: MediaLimits.descriptionMax, required: false });
}

/** An upload of the viewer's own; anyone else's is not found, as if it did not exist. */
export async function ownMedia(deps: Deps, viewerId: string, id: string): Promise<media.MediaRecord> {
  const record = await media.findMedia(deps.db, id);
  if (!record || record.owner_id !== viewerId || record.purpose !== 'attachment')
    throw new NotFound({ thing: 'upload', id });
  return record;
}

/**
 * `PATCH /api/media/:id`: alt text and focal point, before and after posting. A posted image's post
 * (or comment's post) changes version, so every cached copy shows the new text. A new alt text of a
 * posted image is an edit (docs/decisions/091): the version it replaces is kept and the post (or the
 * comment) shows "Edited", unless the caller's edit kept that version already (`keepVersion: false`,
 * a Mastodon app's `media_attributes`).
 */
export async function describeMedia(
  deps: Deps,
  input: {
    viewerId: string;
    id: string;
    description?: string | undefined;
    focus?: Focus | undefined;
    keepVersion?: boolean | undefined;
  },
): Promise<media.MediaRecord> {
  const record = await ownMedia(deps, input.viewerId, input.id);
  const changes = {
    ...(input.description !== undefined && { description: checkDescription(input.description) }),
    ...(input.focus && { focus_x: input.focus.x, focus_y: input.focus.y }),
  };
  const edits =
    input.keepVersion !== false &&
    changes.description !== undefined &&
    changes.description !== record.description;
  const at = deps.clock.now().toISOString();
  return commit(deps, async (trx, effects) => {
    const postId =
      record.post_id ?? (record.comment_id && (await media.postOfComment(trx, record.comment_id)));
    if (postId) {
      // Held first, as an edit does: the version kept is exactly the one replaced.
      const post = await posts.lockAndReadPost(trx, deps.dialect, postId);
      if (post && edits) await keepVersionOfImage(deps, trx, { post, commentId: record.comment_id, at });
      await posts.takeForChange(trx, postId, edits && record.post_id ? { at } : {});
    }
    const updated = await media.updateMedia(trx, record.id, changes);
    if (!updated) throw new NotFound({ thing: 'upload', id: input.id });
    if (postId) effects.publish({ type: 'post-edited', postId, authorId: input.viewerId });
    return updated;
  });
}

/** Keeps the version of the post (or of its comment) an image's new alt text replaces, and dates the edit. */
async function keepVersionOfImage(
  deps: Deps,
  trx: Deps['db'],
  input: { post: posts.PostRecord; commentId: string | null; at: string },
): Promise<void> {
  const comment =
    input.commentId === null ? undefined : await comments.findComment(trx, input.post.id, input.commentId);
  await keepReplacedVersion(deps, trx, { post: input.post, comment, at: input.at });
  if (comment) await comments.updateCommentText(trx, comment.id, comment.text, input.at);
}
