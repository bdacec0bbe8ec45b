import type { BlocksReply, PageQuery, RelationshipReply } from '@sync/contract';
import type { Deps } from './shared/deps.js';
import { relationshipAnswer, relationships, targetOf, type Relationships } from './shared/relationships.js';
import { cursorPage, type CursorWindow, type PageBounds } from './shared/cursor-windows.js';
import { lockRowsInOrder } from '../data/row-locks.js';
import * as blocks from '../data/blocks.repo.js';
import * as comments from '../data/comments.repo.js';
import * as follows from '../data/follows.repo.js';
import * as notifications from '../data/notifications.repo.js';
import * as posts from '../data/posts.repo.js';
import * as users from '../data/users.repo.js';
import type { AccountRecord } from '../read/hydration/hydrator.js';
import { blockedUserViews } from '../read/views/sync/relationships.js';

/**
 * Blocks (issue 26), private as Mastodon's: a block removes the follows between the two people and
 * refuses new ones; each disappears from the other's reads (read/rules), nothing the one writes reaches
 * the other (shared/blocks-between.ts), and the blocked person's comments are hidden for everyone
 * reading the blocker's posts (comments.repo). Unblocking restores what is seen, not the follows.
 */

/** A follow a block removed: `follow-changed` tells the processes' account caches. */
type RemovedFollow = { followerId: string; followeeId: string };

/**
 * Blocks someone in one transaction: the block, the follows both ways with both people's counts (and
 * each follow's notification, as an unfollow takes it back), and the versions of the blocker's posts
 * the blocked person commented on, whose comments now hide theirs. Nothing changes when the block was
 * there already. Lock order, as every writer's: those posts, then both users' rows, each in id order;
 * a follow checks for a block holding the users' rows, so it cannot slip in between.
 */
async function writeBlock(deps: Deps, blockerId: string, blockedId: string): Promise<void> {
  const at = deps.clock.now().toISOString();
  const removed = await deps.db.transaction().execute(async (trx) => {
    const commented = await comments.postIdsCommentedOn(trx, blockedId, blockerId);
    await lockRowsInOrder(trx, deps.dialect, 'posts', async () => commented);
    await lockRowsInOrder(trx, deps.dialect, 'users', async () => [blockerId, blockedId]);
    if (!(await blocks.insertBlock(trx, blockerId, blockedId, at))) return undefined;
    const removedFollows: RemovedFollow[] = [];
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
      await users.adjustFollowCounts(trx, followerId, followeeId, -1);
      removedFollows.push({ followerId, followeeId });
    }
    await posts.bumpVersions(trx, commented);
    return removedFollows;
  });
  if (!removed) return;
  for (const follow of removed) deps.events.publish({ type: 'follow-changed', ...follow });
  deps.events.publish({ type: 'rules-changed', userIds: [blockerId, blockedId] });
}

/** Unblocks someone; the blocker's posts they commented on show their comments again. */
async function writeUnblock(deps: Deps, blockerId: string, blockedId: string): Promise<void> {
  const deleted = await deps.db.transaction().execute(async (trx) => {
    const commented = await comments.postIdsCommentedOn(trx, blockedId, blockerId);
    await lockRowsInOrder(trx, deps.dialect, 'posts', async () => commented);
    if (!(await blocks.deleteBlock(trx, blockerId, blockedId))) return false;
    await posts.bumpVersions(trx, commented);
    return true;
  });
  if (deleted) deps.events.publish({ type: 'rules-changed', userIds: [blockerId, blockedId] });
}

const writeChange = (deps: Deps, blockerId: string, blockedId: string, block: boolean) =>
  block ? writeBlock(deps, blockerId, blockedId) : writeUnblock(deps, blockerId, blockedId);

/**
 * `POST|DELETE /api/users/:username/block`: idempotent (blocking someone blocked, or unblocking someone
 * not blocked, changes nothing and answers the same); the relationship after it.
 */
export async function changeBlock(
  deps: Deps,
  input: { viewerId: string; username: string; block: boolean },
): Promise<RelationshipReply> {
  const target = await targetOf(deps, input.viewerId, { username: input.username }, 'block');
  await writeChange(deps, input.viewerId, target.id, input.block);
  return relationshipAnswer(deps, input.viewerId, target);
}

/** `POST /api/v1/accounts/:id/block|unblock`: as `changeBlock`, with the Mastodon API's 404. */
export async function setBlock(
  deps: Deps,
  input: { viewerId: string; targetId: string; block: boolean },
): Promise<Relationships> {
  const target = await targetOf(deps, input.viewerId, { id: input.targetId }, 'block');
  await writeChange(deps, input.viewerId, target.id, input.block);
  return relationships(deps, { viewerId: input.viewerId, ids: [target.id] });
}

const blocksOf = (viewerId: string) => ({ ...blocks.blocksByTime, scope: `blocks:${viewerId}` });

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

/**
 * `GET /api/v1/blocks`: the accounts the viewer blocked, the latest block first. Its cursors are those
 * of `GET /api/blocks`: the same list in the same order.
 */
export async function blockedAccounts(
  deps: Deps,
  input: { viewerId: string; window: CursorWindow },
): Promise<{ accounts: AccountRecord[]; bounds: PageBounds }> {
  const { rows, bounds } = await cursorPage(
    deps,
    blocksOf(input.viewerId),
    input.window,
    (window) => blocks.blockWindow(deps.db, input.viewerId, window),
    (row) => [row.created_at, row.blocked_id],
  );
  const accounts = await deps.hydrator.accounts(rows.map((row) => row.blocked_id));
  return { accounts: rows.flatMap((row) => accounts.get(row.blocked_id) ?? []), bounds };
}
