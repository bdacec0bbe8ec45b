import type { MutesReply, PageQuery, RelationshipReply } from '@sync/contract';
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
import * as mutes from '../data/mutes.repo.js';
import { writeMute, type MuteChange } from './shared/mute-writes.js';
import type { AccountRecord } from '../read/hydration/hydrator.js';
import { mutedUserViews } from '../read/views/sync/relationships.js';

/**
 * Mutes (issue 26): the muted person's posts and comments leave the muter's timelines and, unless asked
 * otherwise, their notifications (read/rules); for a while, or until unmuted. A mute ends by itself at
 * its time: every read leaves an ended one out, and the muter's next mute or unmute deletes it.
 */

export type { MuteChange };

/** `POST|DELETE /api/users/:username/mute`: the relationship after it. */
export async function changeMute(
  deps: Deps,
  input: { viewerId: string; username: string; mute: MuteChange | undefined },
): Promise<RelationshipReply> {
  const target = otherThanViewer(input.viewerId, await personNamed(deps, input.username), 'mute');
  await writeMute(deps, input.viewerId, target.id, input.mute);
  return relationshipAnswer(deps, input.viewerId, target);
}

/** `POST /api/v1/accounts/:id/mute|unmute`: as `changeMute`, with the Mastodon API's 404. */
export async function setMute(
  deps: Deps,
  input: { viewerId: string; targetId: string; mute: MuteChange | undefined },
): Promise<Relationships> {
  const target = otherThanViewer(input.viewerId, await personWithId(deps, input.targetId), 'mute');
  await writeMute(deps, input.viewerId, target.id, input.mute);
  return relationships(deps, { viewerId: input.viewerId, ids: [target.id] });
}

const mutesOf = (viewerId: string) => ({ ...mutes.mutesByTime, scope: `mutes:${viewerId}` });

/** `GET /api/mutes`: the viewer's mutes that have not ended, the latest first, a page at a time. */
export async function listMutes(
  deps: Deps,
  input: { viewerId: string; query: PageQuery },
): Promise<MutesReply> {
  const now = deps.clock.now().toISOString();
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    mutesOf(input.viewerId),
    input.query,
    (after, limit) =>
      mutes.muteWindow(deps.db, input.viewerId, now, { olderThan: after, oldestFirst: false, limit }),
    (row) => [row.created_at, row.muted_id],
  );
  const people = await deps.hydrator.peopleByIds(items.map((row) => row.muted_id));
  return { users: mutedUserViews(items, people), nextCursor };
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
