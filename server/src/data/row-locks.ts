import type { Db, Dialect } from './database.js';
import { loadInChunks } from '../platform/db/chunks.js';

/**
 * Locks post or account rows for the rest of the transaction, in id order.
 *
 * Writers that take several rows of one table take them in id order, so two of them wait for each
 * other instead of deadlocking. PostgreSQL locks the rows of `SELECT ... ORDER BY ... FOR ...` in the
 * order it returns them. By default the lock is `FOR NO KEY UPDATE`, as strong as the no-op update of
 * `lockPost`: it holds off other writers of these rows but not inserts of rows that reference them.
 * `exclusive` (`FOR UPDATE`) holds those off too. SQLite has one writer at a time and no row locks:
 * an open write transaction already excludes every other writer, so there is nothing to take (and
 * the ids, which can take a while to read for a very active user, are not even read).
 */
export async function lockRowsInOrder(
  trx: Db,
  dialect: Dialect,
  table: 'posts' | 'accounts',
  ids: () => Promise<Iterable<string>>,
  { exclusive = false } = {},
): Promise<void> {
  if (dialect === 'sqlite') return;
  const sorted = [...new Set(await ids())].sort();
  await loadInChunks(sorted, (chunk) => {
    const query = trx.selectFrom(table).select('id').where('id', 'in', chunk).orderBy('id');
    return (exclusive ? query.forUpdate() : query.forNoKeyUpdate()).execute();
  });
}
