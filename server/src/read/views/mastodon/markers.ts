import type { MarkerRow } from '../../../data/markers.repo.js';
import type { MarkerTimeline } from '../../../data/schema.js';
import type { Marker } from './entities.js';

/** Markers by timeline, as `GET` and `POST /api/v1/markers` answer them. */
export function markersView(rows: readonly MarkerRow[]): Partial<Record<MarkerTimeline, Marker>> {
  return Object.fromEntries(
    rows.map((row) => [
      row.timeline,
      { last_read_id: row.last_read_id, version: row.version, updated_at: row.updated_at },
    ]),
  );
}
