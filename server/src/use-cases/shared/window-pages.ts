import type { TimeWindow } from '../../platform/db/keyset.js';
import type { Keep } from '../../platform/http/pagination.js';

/**
 * Mastodon's windows (`max_id`, `since_id`, `min_id`: platform/db/keyset.ts) of a list the read
 * pipeline's rules thin out, refilled as `cursors.page` refills Sync's own pages: a window that loses
 * rows reads on from where it stopped, in the direction it reads, so it stays full.
 */

/** How many more reads a window whose rows were dropped may take to fill itself. */
const refillsAtMost = 4;

export interface FilledWindow<Row> {
  /** The rows kept, in the order read (for `oldestFirst`, oldest first: the caller turns them around). */
  rows: Row[];
  /**
   * The key of the last row read, when the window stopped short after its reads with more left to
   * read: the next window in its direction starts there rather than at its last kept row, so it does
   * not read the dropped rows again (and an empty window does not end the list). Undefined otherwise.
   */
  readUpTo?: [string, string] | undefined;
}

/**
 * A window of the rows `keep` keeps. The first read is the window as asked (a viewer no rule applies
 * to reads exactly what it did before); each refill reads at least a window's worth past the last row
 * read, and after `refillsAtMost` refills the window is answered short (a list of nothing but hidden
 * rows costs a bounded number of reads per window, not one read per row).
 */
export async function filledWindow<Row>(
  window: TimeWindow,
  load: (window: TimeWindow) => Promise<Row[]>,
  keyOf: (row: Row) => [string, string],
  keep: Keep<Row>,
): Promise<FilledWindow<Row>> {
  const rows: Row[] = [];
  let reading = window;
  for (let read = 0; read <= refillsAtMost; read += 1) {
    const wanted = window.limit - rows.length;
    const size = read === 0 ? wanted : Math.max(wanted, window.limit);
    const examined = await load({ ...reading, limit: size });
    const kept = await keep(examined);
    rows.push(...kept.slice(0, wanted));
    const last = examined.at(-1);
    // A read shorter than asked reached the window's end.
    if (rows.length === window.limit || examined.length < size || !last) return { rows };
    reading = window.oldestFirst
      ? { ...reading, newerThan: keyOf(last) }
      : { ...reading, olderThan: keyOf(last) };
  }
  const lastRead = window.oldestFirst ? reading.newerThan : reading.olderThan;
  return { rows, readUpTo: lastRead };
}
