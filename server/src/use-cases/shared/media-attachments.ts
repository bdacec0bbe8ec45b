import { MediaLimits } from '@sync/contract';
import type { Deps } from './deps.js';
import * as media from '../../data/media.repo.js';
import { InvalidInput } from './validated.js';
import * as posts from '../../data/posts.repo.js';
import { notFound } from '../../platform/http/errors.js';
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
    throw new InvalidInput(
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
  input: { ids: readonly string[]; ownerId: string; to: { post_id: string } | { comment_id: string } },
): Promise<void> {
  if (input.ids.length === 0) return;
  const attached = new Set(await media.attachMedia(trx, input));
  const missing = input.ids.find((id) => !attached.has(id));
  if (missing !== undefined) {
    throw new InvalidInput(
      `Image "${missing}" cannot be attached: it is not an upload of yours waiting to be posted (it may be on another post already, or deleted). Upload it again.`,
    );
  }
}

const mediaNotFound = (id: string) =>
  notFound(
    `No upload with id "${id}" of yours exists. It may have been deleted, or posted and then deleted.`,
  );

export function checkDescription(description: string): string {
  return checkText(description, { label: 'Alt text', max: MediaLimits.descriptionMax, required: false });
}

/** An upload of the viewer's own; anyone else's is not found, as if it did not exist. */
export async function ownMedia(deps: Deps, viewerId: string, id: string): Promise<media.MediaRecord> {
  const record = await media.findMedia(deps.db, id);
  if (!record || record.owner_id !== viewerId || record.purpose !== 'attachment') throw mediaNotFound(id);
  return record;
}

/**
 * `PATCH /api/media/:id`: alt text and focal point, before and after posting. A posted image's post
 * (or comment's post) changes version, so every cached copy shows the new text.
 */
export async function describeMedia(
  deps: Deps,
  input: { viewerId: string; id: string; description?: string | undefined; focus?: Focus | undefined },
): Promise<media.MediaRecord> {
  const record = await ownMedia(deps, input.viewerId, input.id);
  const changes = {
    ...(input.description !== undefined && { description: checkDescription(input.description) }),
    ...(input.focus && { focus_x: input.focus.x, focus_y: input.focus.y }),
  };
  const { updated, postId } = await deps.db.transaction().execute(async (trx) => {
    const postId =
      record.post_id ?? (record.comment_id && (await media.postOfComment(trx, record.comment_id)));
    if (postId) await posts.takeForChange(trx, postId);
    const updated = await media.updateMedia(trx, record.id, changes);
    if (!updated) throw mediaNotFound(input.id);
    return { updated, postId };
  });
  if (postId) deps.events.publish({ type: 'post-edited', postId, authorId: input.viewerId });
  return updated;
}
