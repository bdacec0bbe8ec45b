import type { CursorKind, TimeWindow } from '../../platform/db/keyset.js';
import type { Deps } from './deps.js';

/**
 * Mastodon's paging (`max_id`, `since_id`, `min_id`, `limit`) over a list ordered by when something
 * happened to its items (a bookmark, a favourite, a like of a post) rather than by their ids: the
 * bounds are Sync's signed cursors of (time, id), which Mastodon documents as opaque for these lists,
 * and the page's `Link` header carries them.
 */
export interface CursorWindow {
  maxId?: string | undefined;
  sinceId?: string | undefined;
  minId?: string | undefined;
  limit: number;
}

/** The cursors of a page's newest and oldest items (none for an empty page: the list ends there). */
export interface PageBounds {
  newest: string | undefined;
  oldest: string | undefined;
}

type TimeKeyKind = CursorKind<readonly ['string', 'string']>;

/**
 * A page of such a list, newest first: `load` reads the window (for `min_id`, the oldest above the
 * key first, turned around here); a cursor another list signed, or that was altered, is refused (400).
 */
export async function cursorPage<Row>(
  deps: Deps,
  kind: TimeKeyKind,
  window: CursorWindow,
  load: (window: TimeWindow) => Promise<Row[]>,
  keyOf: (row: Row) => [string, string],
): Promise<{ rows: Row[]; bounds: PageBounds }> {
  const newer = window.minId ?? window.sinceId;
  const timeWindow: TimeWindow = {
    olderThan: window.maxId === undefined ? undefined : deps.cursors.decode(kind, window.maxId),
    newerThan: newer === undefined ? undefined : deps.cursors.decode(kind, newer),
    oldestFirst: window.minId !== undefined,
    limit: window.limit,
  };
  const read = await load(timeWindow);
  const rows = timeWindow.oldestFirst ? read.reverse() : read;
  const cursorOf = (row: Row | undefined) => row && deps.cursors.encode(kind, keyOf(row));
  return { rows, bounds: { newest: cursorOf(rows[0]), oldest: cursorOf(rows.at(-1)) } };
}
