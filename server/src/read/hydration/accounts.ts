import type { Db, Dialect } from '../../data/database.js';
import * as comments from '../../data/comments.repo.js';
import * as posts from '../../data/posts.repo.js';
import * as users from '../../data/users.repo.js';

/**
 * People as accounts (the Mastodon API's Account): the whole profile and how many statuses each wrote
 * (posts and comments), read per answer for the people it shows. Not cached: the counts move with
 * every post and comment, which the accounts' versions do not follow.
 */
export interface AccountRecord {
  user: users.UserRow;
  statusesCount: number;
  lastStatusAt: string | null;
}

async function withCounts(
  db: Db,
  dialect: Dialect,
  rows: readonly users.UserRow[],
): Promise<AccountRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [postCounts, commentCounts] = await Promise.all([
    posts.postCountsOfAuthors(db, dialect, ids),
    comments.commentCountsOfAuthors(db, dialect, ids),
  ]);
  const counts = new Map<string, { count: number; newest: string | null }>();
  for (const row of [...postCounts, ...commentCounts]) {
    const seen = counts.get(row.author_id);
    const newest = seen?.newest && (!row.newest || seen.newest > row.newest) ? seen.newest : row.newest;
    // PostgreSQL answers count(*) as a bigint, which arrives as text.
    counts.set(row.author_id, { count: (seen?.count ?? 0) + Number(row.count), newest });
  }
  return rows.map((user) => ({
    user,
    statusesCount: counts.get(user.id)?.count ?? 0,
    lastStatusAt: counts.get(user.id)?.newest ?? null,
  }));
}

/** The accounts with these ids (anyone deleted is left out), by id. */
export async function accountsByIds(
  db: Db,
  dialect: Dialect,
  ids: readonly string[],
): Promise<Map<string, AccountRecord>> {
  const unique = [...new Set(ids)];
  const records = await withCounts(db, dialect, await users.usersByIds(db, dialect, unique));
  return new Map(records.map((record) => [record.user.id, record]));
}

/** Where the accounts of an answer come from: read for it, or kept (account-cache.ts). */
export interface AccountSource {
  byIds(ids: readonly string[]): Promise<Map<string, AccountRecord>>;
}

/** Accounts read for each answer. */
export const freshAccounts = (db: Db, dialect: Dialect): AccountSource => ({
  byIds: (ids) => accountsByIds(db, dialect, ids),
});
