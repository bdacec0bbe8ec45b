import type { MutesReply, PageQuery, RelationshipReply } from '@sync/contract';
import type { Deps } from '../shared/deps.js';
import { otherThanViewer, personNamed } from '../shared/relationships.js';
import { relationshipAnswer } from './relationships.js';
import * as mutes from '../../data/mutes.repo.js';
import { writeMute, type MuteChange } from '../shared/mute-writes.js';
import { mutedUserViews } from '../../read/views/sync/relationships.js';
import { mutesOf } from '../shared/mutes.js';

/**
 * Mutes (issue 26): the muted person's posts and comments leave the muter's timelines and, unless asked
 * otherwise, their notifications (read/rules); for a while, or until unmuted. A mute ends by itself at
 * its time: every read leaves an ended one out, and the muter's next mute or unmute deletes it.
 */

/** `POST|DELETE /api/users/:username/mute`: the relationship after it. */
export async function changeMute(
  deps: Deps,
  input: { viewerId: string; username: string; mute: MuteChange | undefined },
): Promise<RelationshipReply> {
  const target = otherThanViewer(input.viewerId, await personNamed(deps, input.username), 'mute');
  await writeMute(deps, input.viewerId, target.id, input.mute);
  return relationshipAnswer(deps, input.viewerId, target);
}

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
