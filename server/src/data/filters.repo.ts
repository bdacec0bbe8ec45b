import { countOf } from '../platform/db/count.js';
import type { Db, Dialect } from './database.js';
import type { FilterAction, FilterContext, FiltersTable } from './schema.js';

/** The `filters` and `filter_keywords` tables: a user's keyword filters (Mastodon's filters v2). */

/** A filter with its keywords, as `K` (what the reader needs of each). */
interface FilterWithKeywords<K> {
  id: string;
  title: string;
  contexts: FilterContext[];
  action: FilterAction;
  expires_at: string | null;
  keywords: K[];
}

export type ActiveFilter = FilterWithKeywords<{ keyword: string; wholeWord: boolean }>;

export const filterContexts: readonly FilterContext[] = [
  'home',
  'notifications',
  'public',
  'thread',
  'account',
];
export const isFilterContext = (value: string): value is FilterContext =>
  (filterContexts as readonly string[]).includes(value);

/** Reads the contexts column (comma-separated), keeping only the contexts this version knows. */
export const contextsOf = (column: string): FilterContext[] => column.split(',').filter(isFilterContext);

/**
 * The user's filters joined with their keywords: a row a keyword, in which a filter without any has one
 * row with null keyword columns.
 */
function filterRows(db: Db, userId: string) {
  return db
    .selectFrom('filters')
    .leftJoin('filter_keywords', 'filter_keywords.filter_id', 'filters.id')
    .select([
      'filters.id',
      'filters.title',
      'filters.contexts',
      'filters.action',
      'filters.expires_at',
      'filter_keywords.id as keyword_id',
      'filter_keywords.keyword',
      'filter_keywords.whole_word',
    ])
    .where('filters.user_id', '=', userId);
}
type FilterRow = Awaited<ReturnType<ReturnType<typeof filterRows>['execute']>>[number];

/** Rows of filterRows as one filter each, in their order; `keywordOf` reads a row's keyword (null: none). */
function groupedByFilter<K>(
  rows: FilterRow[],
  keywordOf: (row: FilterRow) => K | null,
): FilterWithKeywords<K>[] {
  const byId = new Map<string, FilterWithKeywords<K>>();
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
    const keyword = keywordOf(row);
    if (keyword !== null) filter.keywords.push(keyword);
  }
  return [...byId.values()];
}

/** The user's filters that have not expired at `now`, with their keywords. */
export async function activeFilters(db: Db, userId: string, now: string): Promise<ActiveFilter[]> {
  const rows = await filterRows(db, userId)
    .where((eb) => eb.or([eb('filters.expires_at', 'is', null), eb('filters.expires_at', '>', now)]))
    .orderBy('filters.created_at')
    .execute();
  return groupedByFilter(rows, (row) =>
    row.keyword === null ? null : { keyword: row.keyword, wholeWord: row.whole_word === 1 },
  );
}

/** A filter as its owner lists and edits it: every keyword with its id, expired or not. */
export type FilterRecord = FilterWithKeywords<KeywordRecord>;

export interface KeywordRecord {
  id: string;
  keyword: string;
  wholeWord: boolean;
}

/** A keyword and the filter it belongs to (Mastodon's `/api/v2/filters/keywords/:id`). */
export interface OwnedKeyword extends KeywordRecord {
  filterId: string;
}

export type FilterFields = Pick<FiltersTable, 'title' | 'contexts' | 'action' | 'expires_at'>;

/** Every filter of the user, oldest first, or the ones asked for; keywords in the order they were added. */
async function filterRecords(db: Db, userId: string, filterId?: string): Promise<FilterRecord[]> {
  let query = filterRows(db, userId);
  if (filterId !== undefined) query = query.where('filters.id', '=', filterId);
  const rows = await query
    .orderBy('filters.created_at')
    .orderBy('filters.id')
    .orderBy('keyword_id')
    .execute();
  return groupedByFilter(rows, (row) =>
    row.keyword_id === null || row.keyword === null
      ? null
      : { id: row.keyword_id, keyword: row.keyword, wholeWord: row.whole_word === 1 },
  );
}

export const filtersOf = (db: Db, userId: string): Promise<FilterRecord[]> => filterRecords(db, userId);

/** The user's filter with this id; undefined when there is none of theirs. */
export const filterOf = (db: Db, userId: string, filterId: string): Promise<FilterRecord | undefined> =>
  filterRecords(db, userId, filterId).then(([filter]) => filter);

/**
 * Takes the user's filter for the rest of the transaction, so that two changes of its keywords wait for
 * each other (on SQLite the open write transaction already does); nothing to take when it is not theirs.
 */
export async function lockFilter(trx: Db, dialect: Dialect, userId: string, filterId: string): Promise<void> {
  if (dialect === 'sqlite') return;
  await trx
    .selectFrom('filters')
    .select('id')
    .where('id', '=', filterId)
    .where('user_id', '=', userId)
    .forUpdate()
    .execute();
}

/** Writes `contexts` as its column keeps them (comma-separated). */
export const contextsColumn = (contexts: readonly FilterContext[]): string => contexts.join(',');

export const countFilters = (db: Db, userId: string): Promise<number> =>
  countOf(
    db
      .selectFrom('filters')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('user_id', '=', userId),
  );

export async function insertFilter(
  trx: Db,
  filter: FilterFields & Pick<FiltersTable, 'id' | 'user_id' | 'created_at'>,
): Promise<void> {
  await trx
    .insertInto('filters')
    .values({ ...filter, updated_at: filter.created_at })
    .execute();
}

/** The caller has taken the filter (`lockFilter`). */
export async function updateFilter(
  trx: Db,
  filterId: string,
  changes: Partial<FilterFields> & Pick<FiltersTable, 'updated_at'>,
): Promise<void> {
  await trx.updateTable('filters').set(changes).where('id', '=', filterId).execute();
}

/** False when the user has no such filter. Its keywords go with it (ON DELETE CASCADE). */
export async function deleteFilter(db: Db, userId: string, filterId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('filters')
    .where('id', '=', filterId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function insertKeywords(
  trx: Db,
  filterId: string,
  keywords: readonly (KeywordRecord & { created_at: string })[],
): Promise<void> {
  if (keywords.length === 0) return;
  await trx
    .insertInto('filter_keywords')
    .values(
      keywords.map((keyword) => ({
        id: keyword.id,
        filter_id: filterId,
        keyword: keyword.keyword,
        whole_word: keyword.wholeWord ? 1 : 0,
        created_at: keyword.created_at,
      })),
    )
    .execute();
}

/** The caller has taken the keyword's filter (`lockFilter`). */
export async function updateKeyword(
  trx: Db,
  keywordId: string,
  changes: Partial<Pick<KeywordRecord, 'keyword' | 'wholeWord'>>,
): Promise<void> {
  const { keyword, wholeWord } = changes;
  await trx
    .updateTable('filter_keywords')
    .set({
      ...(keyword !== undefined && { keyword }),
      ...(wholeWord !== undefined && { whole_word: wholeWord ? 1 : 0 }),
    })
    .where('id', '=', keywordId)
    .execute();
}

/** The caller has taken the keywords' filter (`lockFilter`). */
export async function deleteKeywords(
  trx: Db,
  filterId: string,
  keywordIds: readonly string[],
): Promise<void> {
  if (keywordIds.length === 0) return;
  await trx
    .deleteFrom('filter_keywords')
    .where('filter_id', '=', filterId)
    .where('id', 'in', keywordIds)
    .execute();
}

/** The keyword with this id in one of the user's filters; undefined when there is none of theirs. */
export async function keywordOf(
  db: Db,
  userId: string,
  keywordId: string,
): Promise<OwnedKeyword | undefined> {
  const row = await db
    .selectFrom('filter_keywords')
    .innerJoin('filters', 'filters.id', 'filter_keywords.filter_id')
    .select([
      'filter_keywords.id',
      'filter_keywords.filter_id',
      'filter_keywords.keyword',
      'filter_keywords.whole_word',
    ])
    .where('filter_keywords.id', '=', keywordId)
    .where('filters.user_id', '=', userId)
    .executeTakeFirst();
  return (
    row && { id: row.id, filterId: row.filter_id, keyword: row.keyword, wholeWord: row.whole_word === 1 }
  );
}
