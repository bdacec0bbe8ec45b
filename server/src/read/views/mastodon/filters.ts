import type { ActiveFilter, FilterRecord, KeywordRecord } from '../../../data/filters.repo.js';
import type { KeywordMatch } from '../../rules/keyword-match.js';
import type { Filter, FilterKeyword, FilterResult, V1Filter } from '@sync/contract/mastodon';

/** Keyword filters as Mastodon's filters v2 (and v1, for older apps) give them. */

export const filterKeywordView = (keyword: KeywordRecord): FilterKeyword => ({
  id: keyword.id,
  keyword: keyword.keyword,
  whole_word: keyword.wholeWord,
});

/** What a filter is, without its keywords: how a FilterResult names it. */
const filterRulesView = (filter: ActiveFilter | FilterRecord): FilterResult['filter'] => ({
  id: filter.id,
  title: filter.title,
  context: filter.contexts,
  expires_at: filter.expires_at,
  filter_action: filter.action,
});

export const filterView = (filter: FilterRecord): Filter => ({
  ...filterRulesView(filter),
  keywords: filter.keywords.map(filterKeywordView),
  statuses: [],
});

/** `GET /api/v1/filters`: each keyword of each filter is a v1 filter of its own, with the keyword's id. */
export const v1FiltersView = (filters: readonly FilterRecord[]): V1Filter[] =>
  filters.flatMap((filter) =>
    filter.keywords.map((keyword) => ({
      id: keyword.id,
      phrase: keyword.keyword,
      context: filter.contexts,
      whole_word: keyword.wholeWord,
      expires_at: filter.expires_at,
      irreversible: filter.action === 'hide',
    })),
  );

/** A status's `filtered` entry for one of the viewer's filters that matched it (read/rules/keyword-match.ts). */
export const filterResultView = (match: KeywordMatch): FilterResult => ({
  filter: filterRulesView(match.filter),
  keyword_matches: match.keywords,
  status_matches: null,
});
