import type { Deps } from '../shared/deps.js';
import * as bookmarks from '../../data/bookmarks.repo.js';
import type { HydratedStatuses, StatusRef } from '../../read/hydration/hydrator.js';
import { cursorPage, type CursorWindow, type PageBounds } from '../shared/cursor-windows.js';
import { visiblePostIdRows } from '../shared/visible-rows.js';

/**
 * `GET /api/v1/bookmarks`: the viewer's bookmarked posts as statuses, the latest bookmark first. Its
 * cursors are those of `GET /users/bookmark`: the same list in the same order.
 */
export async function bookmarkedStatuses(
  deps: Deps,
  input: { viewerId: string; window: CursorWindow },
): Promise<{ statuses: HydratedStatuses; bounds: PageBounds }> {
  const kind = { ...bookmarks.bookmarksByTime, scope: `bookmarks:${input.viewerId}` };
  const { rows, bounds } = await cursorPage(
    deps,
    kind,
    input.window,
    (window) => bookmarks.bookmarkWindow(deps.db, input.viewerId, window),
    (row) => [row.created_at, row.post_id],
    visiblePostIdRows(deps, input.viewerId, 'post', (row) => row.post_id),
  );
  const records = await deps.hydrator.recordsOf(rows.map((row) => row.post_id));
  const refs = records.map((ref): StatusRef => ({ kind: 'post', ref }));
  return { statuses: await deps.hydrator.statuses(refs, input.viewerId, 'post'), bounds };
}
