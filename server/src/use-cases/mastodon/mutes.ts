import type { Deps } from '../shared/deps.js';
import { otherThanViewer, personWithId, relationships, type Relationships } from '../shared/relationships.js';
import { cursorPage, type CursorWindow, type PageBounds } from '../shared/cursor-windows.js';
import * as mutes from '../../data/mutes.repo.js';
import { writeMute, type MuteChange } from '../shared/mute-writes.js';
import type { AccountRecord } from '../../read/hydration/hydrator.js';
import { mutesOf } from '../shared/mutes.js';

export type { MuteChange };

/** `POST /api/v1/accounts/:id/mute|unmute`: as `changeMute`, with the Mastodon API's 404. */
export async function setMute(
  deps: Deps,
  input: { viewerId: string; targetId: string; mute: MuteChange | undefined },
): Promise<Relationships> {
  const target = otherThanViewer(input.viewerId, await personWithId(deps, input.targetId), 'mute');
  await writeMute(deps, input.viewerId, target.id, input.mute);
  return relationships(deps, { viewerId: input.viewerId, ids: [target.id] });
}

/**
 * `GET /api/v1/mutes`: the accounts the viewer muted with when each mute ends, the latest mute first.
 * Its cursors are those of `GET /api/mutes`: the same list in the same order.
 */
export async function mutedAccounts(
  deps: Deps,
  input: { viewerId: string; window: CursorWindow },
): Promise<{ muted: { account: AccountRecord; expiresAt: string | null }[]; bounds: PageBounds }> {
  const now = deps.clock.now().toISOString();
  const { rows, bounds } = await cursorPage(
    deps,
    mutesOf(input.viewerId),
    input.window,
    (window) => mutes.muteWindow(deps.db, input.viewerId, now, window),
    (row) => [row.created_at, row.muted_id],
  );
  const accounts = await deps.hydrator.accounts(rows.map((row) => row.muted_id));
  const muted = rows.flatMap((row) => {
    const account = accounts.get(row.muted_id);
    return account ? [{ account, expiresAt: row.expires_at }] : [];
  });
  return { muted, bounds };
}
