import type { Keep } from '../../platform/http/pagination.js';

/**
 * Mastodon pages some lists by `offset` (search results, trends): a page is read from the list's start,
 * so an offset costs the rows before it. They are read at most this deep; a page beyond is empty.
 */
export const deepestOffset = 1000;

/** How many more reads a page whose rows were dropped may take to fill itself. */
const refillsAtMost = 4;

/**
 * The page at `offset` of a list `load` reads from its start (its first `count` entries). With `keep`
 * (the viewer's rules), the offset counts the entries the viewer sees: when the rules drop some, the
 * list is read further, each read at least a page deeper, at most `refillsAtMost` times and never past
 * `deepestOffset` entries beyond what the page needs.
 */
export async function offsetPage<T>(
  offset: number,
  limit: number,
  load: (count: number) => Promise<T[]>,
  keep?: Keep<T>,
): Promise<T[]> {
  if (offset > deepestOffset) return [];
  const wanted = offset + limit;
  let count = wanted;
  for (let read = 0; ; read += 1) {
    const rows = await load(count);
    const kept = keep ? await keep(rows) : rows;
    const ended = rows.length < count;
    if (kept.length >= wanted || ended || read === refillsAtMost || count >= wanted + deepestOffset)
      return kept.slice(offset, wanted);
    count = Math.min(count + Math.max(count - kept.length, limit), wanted + deepestOffset);
  }
}
