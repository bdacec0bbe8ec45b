import type { FollowReply, FollowStateReply } from '@sync/contract';
import type { Deps } from './shared/deps.js';
import { publishNotified } from './shared/live-messages.js';
import { Messages, badRequest, notFound } from '../platform/http/errors.js';
import * as notifications from '../data/notifications.repo.js';
import { everyUser } from './shared/user-answers.js';
import * as users from '../data/users.repo.js';
import * as follows from '../data/follows.repo.js';

/**
 * `POST /users/follow/:id` and `/users/unfollow/:id`: the follow row and both users' counts in one
 * transaction. The contract answers every user (capped; both users always among them) with the two
 * users apart; ?return=minimal answers the two counts after the change.
 */
export async function changeFollow(
  deps: Deps,
  input: { viewerId: string; targetId: string; change: 'follow' | 'unfollow'; changedOnly: boolean },
): Promise<FollowReply | FollowStateReply> {
  const { viewerId, targetId, change } = input;
  if (targetId === viewerId) throw badRequest(Messages.followSelf);
  if (!(await users.findUserById(deps.db, targetId))) throw notFound(Messages.userNotFound(targetId));
  const newFollower = {
    recipientId: targetId,
    actorId: viewerId,
    type: 'follow',
    groupKey: 'follow',
  } as const;
  const notified = await deps.db.transaction().execute(async (trx) => {
    let group: notifications.NotifiedGroup | undefined;
    if (change === 'follow') {
      const at = deps.clock.now().toISOString();
      if (!(await follows.insertFollow(trx, viewerId, targetId, at)))
        throw badRequest(Messages.alreadyFollowing);
      group = await notifications.addCause(trx, { ...newFollower, at });
    } else if (!(await follows.deleteFollow(trx, viewerId, targetId))) {
      throw badRequest(Messages.notFollowing);
    } else {
      await notifications.removeCause(trx, newFollower);
    }
    await users.adjustFollowCounts(trx, viewerId, targetId, change === 'follow' ? 1 : -1);
    return group;
  });
  publishNotified(deps.events, [notified]);
  if (input.changedOnly) {
    // The counts after the change, re-read: other follows may have landed meanwhile.
    const [me, target] = await users
      .usersByIds(deps.db, deps.dialect, [viewerId, targetId])
      .then((rows) => [rows.find((row) => row.id === viewerId), rows.find((row) => row.id === targetId)]);
    return {
      followUserId: targetId,
      following: change === 'follow',
      followerCount: target?.follower_count ?? 0,
      followingCount: me?.following_count ?? 0,
    };
  }
  const all = await everyUser(deps, viewerId, [targetId]);
  const currentUser = all.find((user) => user._id === viewerId)!;
  const followUser = all.find((user) => user._id === targetId)!;
  return change === 'follow' ? { users: all, currentUser } : { users: all, currentUser, followUser };
}
