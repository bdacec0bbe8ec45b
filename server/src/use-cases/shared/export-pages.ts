import type { Db } from '../../data/database.js';

/** Rows read per query: memory stays bounded by one page per list whatever the user has done. */
export const exportPageSize = 1000;

/** A repository's keyset page of one user's rows: the rows after `after`, at most `limit`. */
export type PageLoader<Row> = (
  db: Db,
  userId: string,
  after: Row | undefined,
  limit: number,
) => Promise<Row[]>;

/**
 * Every row of one user's list, a page at a time. The pages are read one after another, not in one
 * snapshot: a change made while they are read may or may not be among them.
 */
export async function* pagesOf<Row>(
  db: Db,
  userId: string,
  loadPage: PageLoader<Row>,
): AsyncGenerator<Row[]> {
  let after: Row | undefined;
  for (;;) {
    const rows = await loadPage(db, userId, after, exportPageSize);
    if (rows.length > 0) yield rows;
    if (rows.length < exportPageSize) return;
    after = rows.at(-1);
  }
}
