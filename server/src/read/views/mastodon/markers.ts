import type { MarkerRow } from '../../../data/markers.repo.js';
import type { Markers } from '@sync/contract/mastodon';

/** Markers by timeline, as `GET` and `POST /api/v1/markers` answer them. */
export function markersView(rows: readonly MarkerRow[]): Markers {
  return Object.fromEntries(
    rows.map((row) => [
      row.timeline,
      { last_read_id: row.last_read_id, version: row.version, updated_at: row.updated_at },
    ]),
  );
}
