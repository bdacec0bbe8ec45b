import type { Db } from './database.js';
import type { FilterAction, FilterContext } from './schema.js';

/** The `filters` and `filter_keywords` tables: a user's keyword filters (Mastodon's filters v2). */

export interface ActiveFilter {
  id: string;
  title: string;
  contexts: FilterContext[];
  action: FilterAction;
  expires_at: string | null;
  keywords: { keyword: string; wholeWord: boolean }[];
}

const filterContexts: readonly FilterContext[] = ['home', 'notifications', 'public', 'thread', 'account'];
export const isFilterContext = (value: string): value is FilterContext =>
  (filterContexts as readonly string[]).includes(value);

/** Reads the contexts column (comma-separated), keeping only the contexts this version knows. */
export const contextsOf = (column: string): FilterContext[] => column.split(',').filter(isFilterContext);

/** The user's filters that have not expired at `now`, with their keywords. */
export async function activeFilters(db: Db, userId: string, now: string): Promise<ActiveFilter[]> {
  const rows = await db
    .selectFrom('filters')
    .leftJoin('filter_keywords', 'filter_keywords.filter_id', 'filters.id')
    .select([
      'filters.id',
      'filters.title',
      'filters.contexts',
      'filters.action',
      'filters.expires_at',
      'filter_keywords.keyword',
      'filter_keywords.whole_word',
    ])
    .where('filters.user_id', '=', userId)
    .where((eb) => eb.or([eb('filters.expires_at', 'is', null), eb('filters.expires_at', '>', now)]))
    .orderBy('filters.created_at')
    .execute();
  const byId = new Map<string, ActiveFilter>();
  for (const row of rows) {
    let filter = byId.get(row.id);
    if (!filter) {
      filter = {
        id: row.id,
        title: row.title,
        contexts: contextsOf(row.contexts),
        action: row.action,
        expires_at: row.expires_at,
        keywords: [],
      };
      byId.set(row.id, filter);
    }
    if (row.keyword !== null) filter.keywords.push({ keyword: row.keyword, wholeWord: row.whole_word === 1 });
  }
  return [...byId.values()];
}
