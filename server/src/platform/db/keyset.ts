import { sql, type SelectQueryBuilder, type StringReference } from 'kysely';
/**
 * Keyset paging as the data layer sees it: each list declares its sort key's shape once, beside the
 * query that reads it, so the key's type is checked where a cursor is made (platform/http/pagination.ts
 * signs it) and where the query reads it back.
 */
export type KeyPart = 'string' | 'number';

/** The TypeScript type of a cursor key with the given shape: ['string', 'number'] → [string, number]. */
export type CursorKey<Shape extends readonly KeyPart[]> = {
  -readonly [I in keyof Shape]: Shape[I] extends 'number' ? number : string;
};

/**
 * A kind of list that can be paged: its scope (a cursor of one list is refused by another) and the
 * shape of its sort key. Declared once beside the query that reads the key, so the key's type is
 * checked where it is made and where it is read.
 */
export interface CursorKind<Shape extends readonly KeyPart[]> {
  scope: string;
  shape: Shape;
}

export const cursorKind = <const Shape extends readonly KeyPart[]>(
  scope: string,
  shape: Shape,
): CursorKind<Shape> => ({ scope, shape });

export interface PageRequest<Key> {
  limit: number;
  /** The sort key of the last item of the previous page; absent on the first page. */
  after: Key | undefined;
}

/**
 * A window of a list ordered by (time, id), as Mastodon apps ask for one: older than a key (their
 * `max_id`), newer than one (`since_id`, `min_id`), and for `min_id` the oldest of those first (the
 * page just above the key, which the caller turns back to newest first).
 */
export interface TimeWindow {
  olderThan?: [string, string] | undefined;
  newerThan?: [string, string] | undefined;
  oldestFirst: boolean;
  limit: number;
}

/**
 * A query limited to a time window of a list ordered by (time, id) newest first, or oldest first for
 * `oldestFirst`: the bounds are row-value comparisons, so an index on (…, time, id) serves the range.
 */
export function withinWindow<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  [time, id]: readonly [StringReference<DB, TB>, StringReference<DB, TB>],
  window: TimeWindow,
): SelectQueryBuilder<DB, TB, O> {
  const key = sql`(${sql.ref(time)}, ${sql.ref(id)})`;
  let bounded = query;
  if (window.olderThan)
    bounded = bounded.where(sql<boolean>`${key} < (${window.olderThan[0]}, ${window.olderThan[1]})`);
  if (window.newerThan)
    bounded = bounded.where(sql<boolean>`${key} > (${window.newerThan[0]}, ${window.newerThan[1]})`);
  const direction = window.oldestFirst ? 'asc' : 'desc';
  return bounded.orderBy(time, direction).orderBy(id, direction).limit(window.limit);
}
