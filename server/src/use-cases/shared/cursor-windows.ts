import type { CursorKind, TimeWindow } from '../../platform/db/keyset.js';
import type { Keep } from '../../platform/http/pagination.js';
import type { Deps } from './deps.js';
import { filledWindow } from './window-pages.js';

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
  /**
   * Whether the list may go on past `oldest`: the window read a full page (whether or not the viewer's
   * rules kept all of it). A shorter page is the end, and Mastodon links no `next` from it.
   */
  continues: boolean;
}

/** The bounds of an empty page: the list ends there. */
export const noBounds: PageBounds = { newest: undefined, oldest: undefined, continues: false };

type TimeKeyKind = CursorKind<readonly ['string', 'string']>;

/**
 * A page of such a list, newest first: `load` reads the window (for `min_id`, the oldest above the
 * key first, turned around here); a cursor another list signed, or that was altered, is refused (400).
 * `keep`: the rows the viewer sees (the read pipeline's rules); a page that lost some is refilled
 * (window-pages.ts), and its bounds then reach as far as it read.
 */
export async function cursorPage<Row>(
  deps: Deps,
  kind: TimeKeyKind,
  window: CursorWindow,
  load: (window: TimeWindow) => Promise<Row[]>,
  keyOf: (row: Row) => [string, string],
  keep?: Keep<Row>,
): Promise<{ rows: Row[]; bounds: PageBounds }> {
  const newer = window.minId ?? window.sinceId;
  const timeWindow: TimeWindow = {
    olderThan: window.maxId === undefined ? undefined : deps.cursors.decode(kind, window.maxId),
    newerThan: newer === undefined ? undefined : deps.cursors.decode(kind, newer),
    oldestFirst: window.minId !== undefined,
    limit: window.limit,
  };
  const { rows: read, readUpTo } = keep
    ? await filledWindow(timeWindow, load, keyOf, keep)
    : { rows: await load(timeWindow), readUpTo: undefined };
  const rows = timeWindow.oldestFirst ? read.reverse() : read;
  const cursorOf = (key: [string, string] | undefined) => key && deps.cursors.encode(kind, key);
  const [first, last] = [rows[0], rows.at(-1)];
  const newest = first && keyOf(first);
  const oldest = last && keyOf(last);
  const continues = rows.length >= timeWindow.limit || readUpTo !== undefined;
  return {
    rows,
    bounds: timeWindow.oldestFirst
      ? { newest: cursorOf(readUpTo ?? newest), oldest: cursorOf(oldest), continues }
      : { newest: cursorOf(newest), oldest: cursorOf(readUpTo ?? oldest), continues },
  };
}
