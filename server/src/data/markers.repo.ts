import type { Selectable } from 'kysely';
import type { Db } from './database.js';
import type { MarkersTable, MarkerTimeline } from './schema.js';

/** The `markers` table: where a person stopped reading a timeline, for their apps. */

export type MarkerRow = Selectable<MarkersTable>;

export function markersOf(
  db: Db,
  userId: string,
  timelines: readonly MarkerTimeline[],
): Promise<MarkerRow[]> {
  if (timelines.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('markers')
    .selectAll()
    .where('user_id', '=', userId)
    .where('timeline', 'in', timelines)
    .execute();
}

/** Sets a marker, moving its version on; the new row. */
export async function putMarker(
  db: Db,
  marker: Pick<MarkerRow, 'user_id' | 'timeline' | 'last_read_id' | 'updated_at'>,
): Promise<MarkerRow> {
  return db
    .insertInto('markers')
    .values({ ...marker, version: 1 })
    .onConflict((oc) =>
      oc.columns(['user_id', 'timeline']).doUpdateSet((eb) => ({
        last_read_id: eb.ref('excluded.last_read_id'),
        updated_at: eb.ref('excluded.updated_at'),
        version: eb('markers.version', '+', 1),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}
