import type { Deps } from './deps.js';
import { commit } from './commit.js';
import { refuseAcrossBlock } from './blocks-between.js';
import * as follows from '../../data/follows.repo.js';
import * as notifications from '../../data/notifications.repo.js';
import * as accounts from '../../data/accounts.repo.js';

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
  return commit(deps, async (trx, effects) => {
    let group: notifications.NotifiedGroup | undefined;
    if (change === 'follow') {
      const at = deps.clock.now().toISOString();
      if (!(await follows.insertFollow(trx, viewerId, targetId, at))) return false;
      group = await notifications.addCause(trx, { ...newFollower, at });
    } else {
      if (!(await follows.deleteFollow(trx, viewerId, targetId))) return false;
      await notifications.removeCause(trx, newFollower);
    }
    await accounts.adjustFollowCounts(trx, viewerId, targetId, change === 'follow' ? 1 : -1);
    // Whom they follow among the limited is in the follower's rules (docs/decisions/112).
    await effects.rulesChanged([viewerId]);
    // Checked holding both users' rows, which a block takes first: a block that committed meanwhile is seen.
    if (change === 'follow')
      await refuseAcrossBlock(trx, { actorId: viewerId, otherIds: [targetId], act: { on: 'follow' } });
    effects.publish({ type: 'follow-changed', followerId: viewerId, followeeId: targetId });
    effects.notified([group]);
    return true;
  });
}

/**
 * Shows or hides a followed person's reposts in the follower's Following timeline (docs/decisions/092);
 * nothing changes (false) when the follower does not follow them.
 */
export function writeShowReposts(
  deps: Deps,
  followerId: string,
  followeeId: string,
  show: boolean,
): Promise<boolean> {
  return commit(deps, async (trx, effects) => {
    const changed = await follows.setShowReposts(trx, followerId, followeeId, show);
    if (changed) effects.publish({ type: 'follow-changed', followerId, followeeId });
    return changed;
  });
}
