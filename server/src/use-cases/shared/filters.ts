import { FilterLimits } from '@sync/contract';
import * as filters from '../../data/filters.repo.js';
import { lockRowsInOrder } from '../../data/row-locks.js';
import type { FilterAction, FilterContext } from '../../data/schema.js';
import { newId } from '../../platform/db/ids.js';
import type { Deps } from './deps.js';
import { commit } from './commit.js';
import { checkText } from './text.js';
import { Invalid, NotFound } from './domain-errors.js';

/**
 * Keyword filters (Mastodon's filters v2): a person's own list of words and phrases that hide, or show
 * behind a warning, what matches them in the places they choose. Both APIs write them here; the read
 * pipeline's rules stage applies them (read/rules), told by `rules-changed` to read them again.
 */

export type { FilterRecord, KeywordRecord, OwnedKeyword } from '../../data/filters.repo.js';

export interface KeywordInput {
  keyword: string;
  wholeWord: boolean;
}

/** A new filter, as either API sends it: the contexts and the action are checked here. */
export interface FilterInput {
  title: string;
  contexts: readonly string[];
  action: string;
  /** From now; null or left out: never. */
  expiresInSeconds?: number | null;
  keywords: readonly KeywordInput[];
}

/**
 * Mastodon's `keywords_attributes[]`: with an id, a change to that keyword of the filter, or its removal
 * (`destroy`); without one, a new keyword.
 */
export interface KeywordEdit {
  id?: string;
  keyword?: string;
  wholeWord?: boolean;
  destroy?: boolean;
}

/** A change to a filter: what is left out stays as it is. */
export interface FilterChanges {
  title?: string;
  contexts?: readonly string[];
  action?: string;
  /** From now; null: never. */
  expiresInSeconds?: number | null;
  /** The whole list of keywords (Sync's PUT): a keyword kept with the same text keeps its id. */
  keywords?: readonly KeywordInput[];
  /** Changes to some keywords (Mastodon's PUT). */
  keywordEdits?: readonly KeywordEdit[];
}

export const filterNotFound = (id: string) => new NotFound({ thing: 'filter', id });
export const keywordNotFound = (id: string) => new NotFound({ thing: 'filter-keyword', id });

export const placesText = 'home, notifications, public, thread or account';

export function checkTitle(title: string): string {
  return checkText(title, { label: 'The title', max: FilterLimits.titleMax, required: true });
}

/** The contexts in their usual order, each once. */
export function checkContexts(contexts: readonly string[]): FilterContext[] {
  const unknown = contexts.find((context) => !filters.isFilterContext(context));
  if (unknown !== undefined)
    throw new Invalid('context', `"${unknown}" is not a place a filter applies: use ${placesText}.`);
  if (contexts.length === 0)
    throw new Invalid('context', `Choose at least one place the filter applies: ${placesText}.`);
  return filters.filterContexts.filter((context) => contexts.includes(context));
}

export function checkAction(action: string): FilterAction {
  if (action !== 'hide' && action !== 'warn') throw new Invalid('action', 'The action must be hide or warn.');
  return action;
}

/** When a filter set to last this long from `now` ends; null: never. */
export function expiryOf(seconds: number | null, now: Date): string | null {
  if (seconds === null) return null;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > FilterLimits.expiresInSecondsMax) {
    throw new Invalid(
      'expiresIn',
      `The expiry must be a whole number of seconds from 1 to ${FilterLimits.expiresInSecondsMax.toLocaleString('en-US')}, or null for never.`,
    );
  }
  return new Date(now.getTime() + seconds * 1000).toISOString();
}

export const checkKeyword = (keyword: string) =>
  checkText(keyword, { label: 'A keyword', max: FilterLimits.keywordMax, required: true });

export function checkKeywordCount(count: number) {
  if (count > FilterLimits.keywordsPerFilter) {
    throw new Invalid(
      'keywords',
      `A filter can have at most ${FilterLimits.keywordsPerFilter} keywords (this one would have ${count}).`,
    );
  }
}

/** The filter's fields a change sets, checked; what it leaves out is not among them. */
export function checkedFields(changes: FilterChanges, now: Date): Partial<filters.FilterFields> {
  return {
    ...(changes.title !== undefined && { title: checkTitle(changes.title) }),
    ...(changes.contexts !== undefined && {
      contexts: filters.contextsColumn(checkContexts(changes.contexts)),
    }),
    ...(changes.action !== undefined && { action: checkAction(changes.action) }),
    ...(changes.expiresInSeconds !== undefined && { expires_at: expiryOf(changes.expiresInSeconds, now) }),
  };
}

/** What a change does to a filter's keywords. */
export interface KeywordPlan {
  /** The keywords after it, the kept ones first, in their order, then the new ones. */
  keywords: filters.KeywordRecord[];
  added: filters.KeywordRecord[];
  changed: filters.KeywordRecord[];
  removedIds: string[];
}

/** Sync's PUT: the whole list; each keyword given keeps the id of a current one with the same text. */
export function replacedKeywords(
  current: readonly filters.KeywordRecord[],
  given: readonly KeywordInput[],
  at: Date,
) {
  const unused = [...current];
  const kept: filters.KeywordRecord[] = [];
  const added: filters.KeywordRecord[] = [];
  const changed: filters.KeywordRecord[] = [];
  for (const { keyword, wholeWord } of given) {
    const index = unused.findIndex((old) => old.keyword === keyword);
    if (index === -1) {
      added.push({ id: newId(at), keyword, wholeWord });
      continue;
    }
    const [old] = unused.splice(index, 1);
    const next = { id: old!.id, keyword, wholeWord };
    kept.push(next);
    if (old!.wholeWord !== wholeWord) changed.push(next);
  }
  const order = new Map(current.map((keyword, index) => [keyword.id, index]));
  kept.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { keywords: [...kept, ...added], added, changed, removedIds: unused.map((old) => old.id) };
}

/** Mastodon's PUT: changes to the keywords named by id, and new ones. */
export function editedKeywords(
  current: readonly filters.KeywordRecord[],
  edits: readonly KeywordEdit[],
  at: Date,
) {
  const byId = new Map(current.map((keyword) => [keyword.id, keyword]));
  const changed = new Map<string, filters.KeywordRecord>();
  const removed = new Set<string>();
  const added: filters.KeywordRecord[] = [];
  for (const edit of edits) {
    if (edit.id === undefined) {
      // A new keyword marked for removal is never made, as Rails' nested attributes have it.
      if (edit.destroy) continue;
      added.push({
        id: newId(at),
        keyword: checkKeyword(edit.keyword ?? ''),
        wholeWord: edit.wholeWord ?? true,
      });
      continue;
    }
    const old = byId.get(edit.id);
    if (!old) throw keywordNotFound(edit.id);
    if (edit.destroy) {
      removed.add(old.id);
      continue;
    }
    changed.set(old.id, {
      id: old.id,
      keyword: edit.keyword === undefined ? old.keyword : checkKeyword(edit.keyword),
      wholeWord: edit.wholeWord ?? old.wholeWord,
    });
  }
  const kept = current
    .filter((keyword) => !removed.has(keyword.id))
    .map((keyword) => changed.get(keyword.id) ?? keyword);
  return {
    keywords: [...kept, ...added],
    added,
    changed: [...changed.values()].filter((keyword) => !removed.has(keyword.id)),
    removedIds: [...removed],
  };
}

export function keywordPlan(
  current: readonly filters.KeywordRecord[],
  changes: FilterChanges,
  at: Date,
): KeywordPlan {
  let plan: KeywordPlan = { keywords: [...current], added: [], changed: [], removedIds: [] };
  if (changes.keywords) plan = replacedKeywords(current, changes.keywords, at);
  if (changes.keywordEdits) plan = editedKeywords(plan.keywords, changes.keywordEdits, at);
  checkKeywordCount(plan.keywords.length);
  return plan;
}

export const checkedKeywords = (keywords: readonly KeywordInput[]): KeywordInput[] =>
  keywords.map(({ keyword, wholeWord }) => ({ keyword: checkKeyword(keyword), wholeWord }));

/** `GET /api/filters`, `GET /api/v2/filters`: every filter of the person's, expired ones too, oldest first. */
export const listFilters = (deps: Deps, input: { userId: string }) =>
  filters.filtersOf(deps.db, input.userId);

/** `POST /api/filters`, `POST /api/v2/filters` */
export async function createFilter(
  deps: Deps,
  input: { userId: string; filter: FilterInput },
): Promise<filters.FilterRecord> {
  const now = deps.clock.now();
  const { filter } = input;
  const title = checkTitle(filter.title);
  const contexts = checkContexts(filter.contexts);
  const action = checkAction(filter.action);
  const expiresAt = expiryOf(filter.expiresInSeconds ?? null, now);
  checkKeywordCount(filter.keywords.length);
  const keywords = checkedKeywords(filter.keywords).map((keyword) => ({ ...keyword, id: newId(now) }));
  const record: filters.FilterRecord = {
    id: newId(now),
    title,
    contexts,
    action,
    expires_at: expiresAt,
    keywords,
  };
  const at = now.toISOString();
  await commit(deps, async (trx, effects) => {
    // Two filters made at once by one person are counted one after the other.
    await lockRowsInOrder(trx, deps.dialect, 'accounts', async () => [input.userId]);
    if ((await filters.countFilters(trx, input.userId)) >= FilterLimits.filtersPerPerson) {
      // Not LimitReached: both APIs have always refused it as bad input (Sync 400, Mastodon 422).
      throw new Invalid(
        'filters',
        `You have ${FilterLimits.filtersPerPerson} filters, the most one person can have: delete one to add another.`,
      );
    }
    await filters.insertFilter(trx, {
      id: record.id,
      user_id: input.userId,
      title,
      contexts: filters.contextsColumn(contexts),
      action,
      expires_at: expiresAt,
      created_at: at,
    });
    await filters.insertKeywords(
      trx,
      record.id,
      keywords.map((keyword) => ({ ...keyword, created_at: at })),
    );
    await effects.rulesChanged([input.userId]);
  });
  return record;
}

/** The filter after a change, and the keywords the change added. */
export async function changeFilter(
  deps: Deps,
  userId: string,
  filterId: string,
  changes: FilterChanges,
): Promise<{ filter: filters.FilterRecord; added: filters.KeywordRecord[] }> {
  const now = deps.clock.now();
  const fields = checkedFields(changes, now);
  const given = changes.keywords && checkedKeywords(changes.keywords);
  const at = now.toISOString();
  return commit(deps, async (trx, effects) => {
    await filters.lockFilter(trx, deps.dialect, userId, filterId);
    const current = await filters.filterOf(trx, userId, filterId);
    if (!current) throw filterNotFound(filterId);
    const plan = keywordPlan(current.keywords, { ...changes, keywords: given }, now);
    await filters.updateFilter(trx, filterId, { ...fields, updated_at: at });
    await filters.deleteKeywords(trx, filterId, plan.removedIds);
    for (const keyword of plan.changed) await filters.updateKeyword(trx, keyword.id, keyword);
    await filters.insertKeywords(
      trx,
      filterId,
      plan.added.map((keyword) => ({ ...keyword, created_at: at })),
    );
    await effects.rulesChanged([userId]);
    const filter: filters.FilterRecord = {
      ...current,
      ...(fields.title !== undefined && { title: fields.title }),
      ...(fields.contexts !== undefined && { contexts: filters.contextsOf(fields.contexts) }),
      ...(fields.action !== undefined && { action: fields.action }),
      ...(fields.expires_at !== undefined && { expires_at: fields.expires_at }),
      keywords: plan.keywords,
    };
    return { filter, added: plan.added };
  });
}

/** `PUT /api/filters/:id`, `PUT /api/v2/filters/:id` */
export async function updateFilter(
  deps: Deps,
  input: { userId: string; filterId: string; changes: FilterChanges },
): Promise<filters.FilterRecord> {
  return (await changeFilter(deps, input.userId, input.filterId, input.changes)).filter;
}

/** `DELETE /api/filters/:id`, `DELETE /api/v2/filters/:id`: its keywords go with it. */
export async function deleteFilter(deps: Deps, input: { userId: string; filterId: string }): Promise<void> {
  const deleted = await commit(deps, async (trx, effects) => {
    if (!(await filters.deleteFilter(trx, input.userId, input.filterId))) return false;
    await effects.rulesChanged([input.userId]);
    return true;
  });
  if (!deleted) throw filterNotFound(input.filterId);
}
