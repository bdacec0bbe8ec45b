import * as markers from '../../data/markers.repo.js';
import type { MarkerTimeline } from '../../data/schema.js';
import { hasNul } from '../../platform/db/nul.js';
import { HttpError } from '../../platform/http/errors.js';
import type { Deps } from '../shared/deps.js';
import { commit } from '../shared/commit.js';
import { readNotificationsUpTo } from './notification-reads.js';

/**
 * Markers: where a person stopped reading their home timeline and their notifications, kept for their
 * apps (one app picks up where another left off). Ids are kept as the app sent them, as Mastodon does;
 * the notifications marker also moves Sync's own read marker forward (notification-reads.ts).
 */

export type { MarkerRow } from '../../data/markers.repo.js';

export const markerTimelines: readonly MarkerTimeline[] = ['home', 'notifications'];

export const isMarkerTimeline = (name: string): name is MarkerTimeline =>
  markerTimelines.some((timeline) => timeline === name);

/** The longest id a marker keeps (its column's size); Sync's own ids are 36 characters. */
const lastReadIdMax = 64;

/** `GET /api/v1/markers`: the markers of these timelines that were ever set. */
export const markersOf = (deps: Deps, input: { userId: string; timelines: readonly MarkerTimeline[] }) =>
  markers.markersOf(deps.db, input.userId, input.timelines);

/** `POST /api/v1/markers`: sets each timeline's marker, all or none; the markers as they now are. */
export async function saveMarkers(
  deps: Deps,
  input: { userId: string; positions: readonly { timeline: MarkerTimeline; lastReadId: string }[] },
): Promise<markers.MarkerRow[]> {
  for (const { lastReadId } of input.positions) {
    if (lastReadId === '' || lastReadId.length > lastReadIdMax || hasNul(lastReadId)) {
      throw new HttpError(
        422,
        `Validation failed: Last read ID must be an id of at most ${lastReadIdMax} characters`,
      );
    }
  }
  if (input.positions.length === 0) return [];
  const updatedAt = deps.clock.now().toISOString();
  return commit(deps, async (trx) => {
    const saved: markers.MarkerRow[] = [];
    for (const { timeline, lastReadId } of input.positions) {
      saved.push(
        await markers.putMarker(trx, {
          user_id: input.userId,
          timeline,
          last_read_id: lastReadId,
          updated_at: updatedAt,
        }),
      );
      if (timeline === 'notifications')
        await readNotificationsUpTo(trx, { viewerId: input.userId, lastReadId });
    }
    return saved;
  });
}
