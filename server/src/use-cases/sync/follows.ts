import type { FollowReply, FollowStateReply, RelationshipReply } from '@sync/contract';
import type { Deps } from '../shared/deps.js';
import { Messages, badRequest, notFound } from '../../platform/http/errors.js';
import { everyUser } from './user-answers.js';
import * as users from '../../data/users.repo.js';
import { writeFollow } from '../shared/follow-writes.js';
import { relationshipAnswer } from './relationships.js';
import { personNamed } from '../shared/relationships.js';

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
  if (!(await writeFollow(deps, viewerId, targetId, change)))
    throw badRequest(change === 'follow' ? Messages.alreadyFollowing : Messages.notFollowing);
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

/** `GET /api/users/:username/relationship`: how the viewer and this person stand. */
export async function getRelationship(
  deps: Deps,
  input: { viewerId: string; username: string },
): Promise<RelationshipReply> {
  return relationshipAnswer(deps, input.viewerId, await personNamed(deps, input.username));
}
