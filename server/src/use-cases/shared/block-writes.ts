import type { Deps } from './deps.js';
import { commit } from './commit.js';
import { lockRowsInOrder } from '../../data/row-locks.js';
import * as blocks from '../../data/blocks.repo.js';
import * as comments from '../../data/comments.repo.js';
import * as follows from '../../data/follows.repo.js';
import * as notifications from '../../data/notifications.repo.js';
import * as accounts from '../../data/accounts.repo.js';

/**
 * Blocks someone in one transaction: the block, the follows both ways with both people's counts (and
 * each follow's notification, as an unfollow takes it back), and the versions of the blocker's posts
 * the blocked person commented on, whose comments now hide theirs. Nothing changes when the block was
 * there already. Lock order, as every writer's: those posts, then both users' rows, each in id order;
 * a follow checks for a block holding the users' rows, so it cannot slip in between.
 */
async function writeBlock(deps: Deps, blockerId: string, blockedId: string): Promise<boolean> {
  const at = deps.clock.now().toISOString();
  return commit(deps, async (trx, effects) => {
    const commented = await comments.postIdsCommentedOn(trx, blockedId, blockerId);
    await lockRowsInOrder(trx, deps.dialect, 'posts', async () => commented);
    await lockRowsInOrder(trx, deps.dialect, 'accounts', async () => [blockerId, blockedId]);
    if (!(await blocks.insertBlock(trx, blockerId, blockedId, at))) return false;
    await effects.rulesChanged([blockerId, blockedId]);
    for (const [followerId, followeeId] of [
      [blockerId, blockedId],
      [blockedId, blockerId],
    ] as const) {
      if (!(await follows.deleteFollow(trx, followerId, followeeId))) continue;
      await notifications.removeCause(trx, {
        recipientId: followeeId,
        actorId: followerId,
        type: 'follow',
        groupKey: 'follow',
      });
      await accounts.adjustFollowCounts(trx, followerId, followeeId, -1);
      // The processes' account caches hear of each follow the block removed.
      effects.publish({ type: 'follow-changed', followerId, followeeId });
    }
    await effects.postsChanged(commented);
    return true;
  });
}

/** Unblocks someone; the blocker's posts they commented on show their comments again. */
async function writeUnblock(deps: Deps, blockerId: string, blockedId: string): Promise<boolean> {
  return commit(deps, async (trx, effects) => {
    const commented = await comments.postIdsCommentedOn(trx, blockedId, blockerId);
    await lockRowsInOrder(trx, deps.dialect, 'posts', async () => commented);
    if (!(await blocks.deleteBlock(trx, blockerId, blockedId))) return false;
    await effects.rulesChanged([blockerId, blockedId]);
    await effects.postsChanged(commented);
    return true;
  });
}

/** Blocks (`block`) or unblocks someone: idempotent; false when there was nothing to change. */
export const writeBlockChange = (deps: Deps, blockerId: string, blockedId: string, block: boolean) =>
  block ? writeBlock(deps, blockerId, blockedId) : writeUnblock(deps, blockerId, blockedId);
