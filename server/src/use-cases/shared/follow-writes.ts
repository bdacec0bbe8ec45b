import type { Deps } from './deps.js';
import { publishNotified } from './live-messages.js';
import { refuseAcrossBlock } from './blocks-between.js';
import * as follows from '../../data/follows.repo.js';
import * as notifications from '../../data/notifications.repo.js';
import * as users from '../../data/users.repo.js';

/**
 * The follow row, both users' counts and the followed user's notification in one transaction, the
 * notification published after it; false when there was nothing to change (already following, or not).
 * A follow across a block is not allowed; an unfollow never is.
 */
export async function writeFollow(
  deps: Deps,
  viewerId: string,
  targetId: string,
  change: 'follow' | 'unfollow',
): Promise<boolean> {
  const newFollower = {
    recipientId: targetId,
    actorId: viewerId,
    type: 'follow',
    groupKey: 'follow',
  } as const;
  const written = await deps.db.transaction().execute(async (trx) => {
    let group: notifications.NotifiedGroup | undefined;
    if (change === 'follow') {
      const at = deps.clock.now().toISOString();
      if (!(await follows.insertFollow(trx, viewerId, targetId, at))) return undefined;
      group = await notifications.addCause(trx, { ...newFollower, at });
    } else {
      if (!(await follows.deleteFollow(trx, viewerId, targetId))) return undefined;
      await notifications.removeCause(trx, newFollower);
    }
    await users.adjustFollowCounts(trx, viewerId, targetId, change === 'follow' ? 1 : -1);
    // Checked holding both users' rows, which a block takes first: a block that committed meanwhile is seen.
    if (change === 'follow')
      await refuseAcrossBlock(trx, { actorId: viewerId, otherIds: [targetId], act: { on: 'follow' } });
    return { group };
  });
  if (!written) return false;
  deps.events.publish({ type: 'follow-changed', followerId: viewerId, followeeId: targetId });
  publishNotified(deps.events, [written.group]);
  return true;
}

/**
 * Shows or hides a followed person's reposts in the follower's Following timeline (docs/decisions/092);
 * nothing changes when the follower does not follow them.
 */
export async function writeShowReposts(deps: Deps, followerId: string, followeeId: string, show: boolean) {
  if (await follows.setShowReposts(deps.db, followerId, followeeId, show))
    deps.events.publish({ type: 'follow-changed', followerId, followeeId });
}
