import { MediaLimits } from '@sync/contract';
import type { Deps } from './deps.js';
import * as media from '../../data/media.repo.js';
import { InvalidInput } from './validated.js';

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
