import type { BlocksReply, PageQuery, RelationshipReply } from '@sync/contract';
import type { Deps } from '../shared/deps.js';
import { otherThanViewer, personNamed } from '../shared/relationships.js';
import { relationshipAnswer } from './relationships.js';
import * as blocks from '../../data/blocks.repo.js';
import { writeBlockChange as writeChange } from '../shared/block-writes.js';
import { blockedUserViews } from '../../read/views/sync/relationships.js';
import { blocksOf } from '../shared/blocks.js';

/**
 * Blocks (issue 26), private as Mastodon's: a block removes the follows between the two people and
 * refuses new ones; each disappears from the other's reads (read/rules), nothing the one writes reaches
 * the other (shared/blocks-between.ts), and the blocked person's comments are hidden for everyone
 * reading the blocker's posts (comments.repo). Unblocking restores what is seen, not the follows.
 */

/**
 * `POST|DELETE /api/users/:username/block`: idempotent (blocking someone blocked, or unblocking someone
 * not blocked, changes nothing and answers the same); the relationship after it.
 */
export async function changeBlock(
  deps: Deps,
  input: { viewerId: string; username: string; block: boolean },
): Promise<RelationshipReply> {
  const target = otherThanViewer(input.viewerId, await personNamed(deps, input.username), 'block');
  await writeChange(deps, input.viewerId, target.id, input.block);
  return relationshipAnswer(deps, input.viewerId, target);
}

/** `GET /api/blocks`: the people the viewer blocked, the latest block first, a page at a time. */
export async function listBlocks(
  deps: Deps,
  input: { viewerId: string; query: PageQuery },
): Promise<BlocksReply> {
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    blocksOf(input.viewerId),
    input.query,
    (after, limit) =>
      blocks.blockWindow(deps.db, input.viewerId, { olderThan: after, oldestFirst: false, limit }),
    (row) => [row.created_at, row.blocked_id],
  );
  const people = await deps.hydrator.peopleByIds(items.map((row) => row.blocked_id));
  return { users: blockedUserViews(items, people), nextCursor };
}
