import type { Deps } from '../shared/deps.js';
import { otherThanViewer, personWithId, relationships, type Relationships } from '../shared/relationships.js';
import { cursorPage, type CursorWindow, type PageBounds } from '../shared/cursor-windows.js';
import * as blocks from '../../data/blocks.repo.js';
import { writeBlockChange as writeChange } from '../shared/block-writes.js';
import type { AccountRecord } from '../../read/hydration/hydrator.js';
import { blocksOf } from '../shared/blocks.js';

/** `POST /api/v1/accounts/:id/block|unblock`: as `changeBlock`, with the Mastodon API's 404. */
export async function setBlock(
  deps: Deps,
  input: { viewerId: string; targetId: string; block: boolean },
): Promise<Relationships> {
  const target = otherThanViewer(input.viewerId, await personWithId(deps, input.targetId), 'block');
  await writeChange(deps, input.viewerId, target.id, input.block);
  return relationships(deps, { viewerId: input.viewerId, ids: [target.id] });
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
