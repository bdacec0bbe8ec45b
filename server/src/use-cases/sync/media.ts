import type { Deps } from '../shared/deps.js';
import { commit } from '../shared/commit.js';
import * as media from '../../data/media.repo.js';
import * as users from '../../data/users.repo.js';
import { sweepMediaNow } from '../shared/media-sweep.js';
import { ProfileImage, showProfileImage } from '../shared/media.js';

/** Takes the viewer's avatar (back to the default picture) or header (none) off. */
export async function removeProfileImage(
  deps: Deps,
  input: { viewerId: string; purpose: ProfileImage },
): Promise<users.UserRow> {
  const at = deps.clock.now().toISOString();
  const user = await commit(deps, async (trx, effects) => {
    await media.removeProfileMedia(trx, { ownerId: input.viewerId, purpose: input.purpose, at });
    return showProfileImage(trx, effects, {
      id: input.viewerId,
      purpose: input.purpose,
      // Empty: the default picture for an avatar, none for a header.
      url: '',
      at,
    });
  });
  await sweepMediaNow(deps);
  return user;
}
