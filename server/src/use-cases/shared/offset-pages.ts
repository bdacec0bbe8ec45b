/**
 * Mastodon pages some lists by `offset` (search results, trends): a page is read from the list's start,
 * so an offset costs the rows before it. They are read at most this deep; a page beyond is empty.
 */
export const deepestOffset = 1000;

/** The page at `offset` of a list `load` reads from its start (its first `count` entries). */
export async function offsetPage<T>(
  offset: number,
  limit: number,
  load: (count: number) => Promise<T[]>,
): Promise<T[]> {
  if (offset > deepestOffset) return [];
  return (await load(offset + limit)).slice(offset, offset + limit);
}
