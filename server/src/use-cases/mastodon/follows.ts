import type { Deps } from '../shared/deps.js';
import { HttpError, recordNotFound } from '../../platform/http/errors.js';
import { timeOfId } from '../../platform/db/ids.js';
import type { AccountRecord } from '../../read/hydration/hydrator.js';
import * as users from '../../data/users.repo.js';
import * as follows from '../../data/follows.repo.js';
import { writeFollow, writeShowReposts } from '../shared/follow-writes.js';
import { accountIdsOf, relationships, type Relationships } from '../shared/relationships.js';

export { relationships, type Relationships };

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
