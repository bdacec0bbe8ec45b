import type { FollowReply, FollowStateReply, RelationshipReply } from '@sync/contract';
import type { Deps } from './shared/deps.js';
import { HttpError, Messages, badRequest, notFound, recordNotFound } from '../platform/http/errors.js';
import { timeOfId } from '../platform/db/ids.js';
import type { AccountRecord } from '../read/hydration/hydrator.js';
import { everyUser } from './shared/user-answers.js';
import * as users from '../data/users.repo.js';
import * as follows from '../data/follows.repo.js';
import { writeFollow, writeShowReposts } from './shared/follow-writes.js';
import {
  accountIdsOf,
  relationshipAnswer,
  relationships,
  personNamed,
  type Relationships,
} from './shared/relationships.js';

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

export { relationships, type Relationships };

/** `GET /api/users/:username/relationship`: how the viewer and this person stand. */
export async function getRelationship(
  deps: Deps,
  input: { viewerId: string; username: string },
): Promise<RelationshipReply> {
  return relationshipAnswer(deps, input.viewerId, await personNamed(deps, input.username));
}

/**
 * `POST /api/v1/accounts/:id/follow` and `/unfollow`: idempotent (following someone followed, or
 * unfollowing someone not followed, changes nothing and answers the same), as Mastodon's are. Following
 * oneself is refused as Mastodon refuses it (403); unfollowing oneself changes nothing.
 */
export async function setFollow(
  deps: Deps,
  input: { viewerId: string; targetId: string; follow: boolean; reblogs?: boolean | undefined },
): Promise<Relationships> {
  const { viewerId, targetId } = input;
  const target = timeOfId(targetId) ? await users.findUserById(deps.db, targetId) : undefined;
  if (!target) throw recordNotFound();
  if (targetId === viewerId) {
    if (input.follow) throw new HttpError(403, 'Following your own account is not allowed');
  } else {
    await writeFollow(deps, viewerId, targetId, input.follow ? 'follow' : 'unfollow');
    // Showing their reblogs at home or not (docs/decisions/092), as Mastodon's follow sets it.
    if (input.follow && input.reblogs !== undefined)
      await writeShowReposts(deps, viewerId, targetId, input.reblogs);
  }
  return relationships(deps, { viewerId, ids: [targetId] });
}

/**
 * `GET /api/v1/accounts/familiar_followers?id[]=…`: for each account asked about, the people the viewer
 * follows who follow it (key lookups among the account's followers, one per person the viewer follows).
 */
export async function familiarFollowers(
  deps: Deps,
  input: { viewerId: string; ids: readonly string[] },
): Promise<{ id: string; accounts: AccountRecord[] }[]> {
  const asked = accountIdsOf(input.ids);
  const [people, followed, rules] = await Promise.all([
    deps.hydrator.peopleByIds(asked),
    follows.followeeIds(deps.db, input.viewerId),
    deps.hydrator.rules(input.viewerId),
  ]);
  const ids = asked.filter((id) => people.has(id));
  const familiar = await Promise.all(
    ids.map((id) => follows.relationMembersAmong(deps.db, deps.dialect, id, 'followers', followed)),
  );
  const records = await deps.hydrator.accounts(familiar.flat());
  return ids.map((id, index) => ({
    id,
    accounts: familiar[index]!.flatMap((followerId) =>
      rules.seesAccount(followerId) ? (records.get(followerId) ?? []) : [],
    ),
  }));
}
