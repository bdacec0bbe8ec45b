import type { RelationshipReply, RepostReply, UserSummariesReply } from '@sync/contract';
import type { Deps } from '../shared/deps.js';
import { HttpError, Messages, notFound } from '../../platform/http/errors.js';
import type { PageQuery } from '../../platform/http/pagination.js';
import * as reposts from '../../data/reposts.repo.js';
import * as users from '../../data/users.repo.js';
import { addRepost, removeRepost, type RepostOutcome } from '../shared/repost-writes.js';
import { writeShowReposts } from '../shared/follow-writes.js';
import { requireVisiblePost } from './post-answers.js';
import { relationshipAnswer } from './relationships.js';
import { visiblePeopleRows } from '../shared/visible-rows.js';
import { listedPeople } from './listed-people.js';

/** One function per endpoint of Sync's reposts (docs/decisions/092). */

const repostReply = (outcome: RepostOutcome): RepostReply => ({
  reposted: outcome.repost !== undefined,
  repostCount: outcome.record.repost_count,
});

/** `POST|DELETE /api/posts/:postId/repost`: idempotent; the count after the change. */
export async function changeRepost(
  deps: Deps,
  input: { viewerId: string; postId: string; repost: boolean },
): Promise<RepostReply> {
  return repostReply(await (input.repost ? addRepost(deps, input) : removeRepost(deps, input)));
}

/** `GET /api/posts/:postId/reposts`: who reposted it, earliest first, a page at a time. */
export async function listReposters(
  deps: Deps,
  input: { postId: string; query: PageQuery; viewerId: string | undefined },
): Promise<UserSummariesReply> {
  const post = await requireVisiblePost(deps, input.postId, input.viewerId);
  const kind = { ...reposts.reposters, scope: `reposters:${post.id}` };
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    kind,
    input.query,
    (after, limit) => reposts.reposterPage(deps.db, post.id, after, limit),
    (row) => [row.created_at, row.id],
    visiblePeopleRows(deps, input.viewerId, (row) => row.user_id),
  );
  const ids = items.map((row) => row.user_id);
  return { users: await listedPeople(deps, ids, input.viewerId), nextCursor };
}

/**
 * `POST /api/follows/reposts/:followUserId`: shows or hides a followed person's reposts in the viewer's
 * Following timeline; only someone followed (422 otherwise).
 */
export async function setShowReposts(
  deps: Deps,
  input: { viewerId: string; followUserId: string; show: boolean },
): Promise<RelationshipReply> {
  const user = await users.findUserById(deps.db, input.followUserId);
  if (!user) throw notFound(Messages.userNotFound(input.followUserId));
  if (!(await writeShowReposts(deps, input.viewerId, user.id, input.show)))
    throw new HttpError(
      422,
      `You do not follow @${user.username}: follow them first to show or hide their reposts.`,
    );
  return relationshipAnswer(deps, input.viewerId, user);
}
