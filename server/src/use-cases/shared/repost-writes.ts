import type { Deps } from './deps.js';
import { newId } from '../../platform/db/ids.js';
import { commit } from './commit.js';
import { NotFound } from './domain-errors.js';
import * as notifications from '../../data/notifications.repo.js';
import * as posts from '../../data/posts.repo.js';
import * as reposts from '../../data/reposts.repo.js';
import { onPost, refuseAcrossBlock } from './blocks-between.js';

/**
 * Reposts (docs/decisions/092), as both APIs make them (Sync's /api/posts/:postId/repost, the Mastodon
 * API's reblog): the repost row, the post's count and version, and the author's notification in one
 * transaction. Both directions are idempotent: a second repost (30 at once included) leaves one row and
 * one count, and answers the repost there is.
 */

const repostOf = (post: posts.PostRecord, actorId: string) =>
  ({ recipientId: post.author_id, actorId, type: 'repost', groupKey: post.id }) as const;

/** Thrown inside the transaction when there is nothing to change, so that it rolls back. */
class Unchanged extends Error {}

export interface RepostOutcome {
  record: posts.PostRecord;
  /** The viewer's repost of the post after the change; undefined after an undo. */
  repost: reposts.RepostRow | undefined;
}

/**
 * Reposts the post for the viewer (one's own post too, as Mastodon allows). A missing post is NotFound;
 * a repost across a block with its author is refused as a like is.
 */
export async function addRepost(
  deps: Deps,
  input: { viewerId: string; postId: string },
): Promise<RepostOutcome> {
  const now = deps.clock.now();
  const at = now.toISOString();
  try {
    return await commit(deps, async (trx, effects) => {
      const taken = await posts.takeForChange(trx, input.postId, { reposts: 1 });
      if (!taken) throw new NotFound({ thing: 'post', id: input.postId });
      await refuseAcrossBlock(trx, {
        actorId: input.viewerId,
        otherIds: [taken.author_id],
        act: onPost(taken.id),
      });
      const repost = await reposts.insertRepost(trx, {
        id: newId(now),
        user_id: input.viewerId,
        post_id: taken.id,
        created_at: at,
      });
      if (!repost) throw new Unchanged();
      const notified = await notifications.addCause(trx, {
        ...repostOf(taken, input.viewerId),
        postId: taken.id,
        at,
      });
      effects.editedPost(taken);
      effects.counts(taken);
      effects.notified([notified]);
      return { record: taken, repost };
    });
  } catch (error) {
    if (!(error instanceof Unchanged)) throw error;
    return currentState(deps, input);
  }
}

/** Takes the viewer's repost of the post back; nothing to take back is no error. A missing post is NotFound. */
export async function removeRepost(
  deps: Deps,
  input: { viewerId: string; postId: string },
): Promise<RepostOutcome> {
  try {
    return await commit(deps, async (trx, effects) => {
      const taken = await posts.takeForChange(trx, input.postId, { reposts: -1 });
      if (!taken) throw new NotFound({ thing: 'post', id: input.postId });
      if (!(await reposts.deleteRepost(trx, input.viewerId, taken.id))) throw new Unchanged();
      await notifications.removeCause(trx, repostOf(taken, input.viewerId));
      effects.editedPost(taken);
      effects.counts(taken);
      return { record: taken, repost: undefined };
    });
  } catch (error) {
    if (!(error instanceof Unchanged)) throw error;
    return currentState(deps, input);
  }
}

/** The post and the viewer's repost of it as they are, when a change had nothing to change. */
async function currentState(deps: Deps, input: { viewerId: string; postId: string }): Promise<RepostOutcome> {
  const record = await posts.findPost(deps.db, input.postId);
  if (!record) throw new NotFound({ thing: 'post', id: input.postId });
  return { record, repost: await reposts.repostOf(deps.db, input.viewerId, record.id) };
}
