import type { BlocksReply, PageQuery, RelationshipReply } from '@sync/contract';
import type { Deps } from './shared/deps.js';
import {
  otherThanViewer,
  personNamed,
  personWithId,
  relationshipAnswer,
  relationships,
  type Relationships,
} from './shared/relationships.js';
import { cursorPage, type CursorWindow, type PageBounds } from './shared/cursor-windows.js';
import * as blocks from '../data/blocks.repo.js';
import { writeBlockChange as writeChange } from './shared/block-writes.js';
import type { AccountRecord } from '../read/hydration/hydrator.js';
import { blockedUserViews } from '../read/views/sync/relationships.js';

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

/** `POST /api/v1/accounts/:id/block|unblock`: as `changeBlock`, with the Mastodon API's 404. */
export async function setBlock(
  deps: Deps,
  input: { viewerId: string; targetId: string; block: boolean },
): Promise<Relationships> {
  const target = otherThanViewer(input.viewerId, await personWithId(deps, input.targetId), 'block');
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
