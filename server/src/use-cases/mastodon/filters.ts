import * as filters from '../../data/filters.repo.js';
import type { Deps } from '../shared/deps.js';
import { KeywordInput, filterNotFound, keywordNotFound, changeFilter } from '../shared/filters.js';

/** `GET /api/v2/filters/:id` */
export async function filterOf(deps: Deps, input: { userId: string; filterId: string }) {
  const filter = await filters.filterOf(deps.db, input.userId, input.filterId);
  if (!filter) throw filterNotFound(input.filterId);
  return filter;
}

/** `GET /api/v2/filters/:id/keywords` */
export async function keywordsOf(deps: Deps, input: { userId: string; filterId: string }) {
  return (await filterOf(deps, input)).keywords;
}

/** `POST /api/v2/filters/:id/keywords` */
export async function addKeyword(
  deps: Deps,
  input: { userId: string; filterId: string; keyword: KeywordInput },
): Promise<filters.KeywordRecord> {
  const { added } = await changeFilter(deps, input.userId, input.filterId, { keywordEdits: [input.keyword] });
  return added[0]!;
}

/** `GET /api/v2/filters/keywords/:id` */
export async function keywordOf(
  deps: Deps,
  input: { userId: string; keywordId: string },
): Promise<filters.OwnedKeyword> {
  const keyword = await filters.keywordOf(deps.db, input.userId, input.keywordId);
  if (!keyword) throw keywordNotFound(input.keywordId);
  return keyword;
}

/** `PUT /api/v2/filters/keywords/:id`: what is left out stays as it is. */
export async function changeKeyword(
  deps: Deps,
  input: { userId: string; keywordId: string; keyword?: string; wholeWord?: boolean },
): Promise<filters.OwnedKeyword> {
  const { filterId } = await keywordOf(deps, input);
  const edit = { id: input.keywordId, keyword: input.keyword, wholeWord: input.wholeWord };
  const { filter } = await changeFilter(deps, input.userId, filterId, { keywordEdits: [edit] });
  return { ...filter.keywords.find((keyword) => keyword.id === input.keywordId)!, filterId };
}

/** `DELETE /api/v2/filters/keywords/:id` */
export async function removeKeyword(deps: Deps, input: { userId: string; keywordId: string }): Promise<void> {
  const { filterId } = await keywordOf(deps, input);
  await changeFilter(deps, input.userId, filterId, {
    keywordEdits: [{ id: input.keywordId, destroy: true }],
  });
}
