import { SearchLimits, isHashtag, normalizeTag } from '@sync/contract';
import type { Deps } from './deps.js';
import { checkText } from './text.js';
import { Invalid, UnreadableQuery } from './domain-errors.js';
import { searchKey } from '../../data/name-keys.js';
import * as search from '../../data/search.repo.js';

/** The search text, as Sync checks it (present, not too long): a parameter of a read, not input to keep. */
export function checkedQuery(q: string): string {
  try {
    return checkText(q, { label: 'The search text', max: SearchLimits.queryMax, required: true });
  } catch (error) {
    throw error instanceof Invalid ? new UnreadableQuery(error.message) : error;
  }
}

/** What a posts query asks for: words, and the operators `from:username` and `#tag`. */
export interface PostQuery {
  words: string[];
  from: string | undefined;
  tags: string[];
}

/**
 * Splits a query into words and operators. Words are runs of letters and digits, as both full-text
 * indexes cut text: quotes, `%`, `_`, `*`, `-`, `:` and SQL are searched for as the words they contain
 * (and match nothing when they contain none), never interpreted.
 */
export function parsePostQuery(q: string): PostQuery {
  const query: PostQuery = { words: [], from: undefined, tags: [] };
  for (const token of q.split(/\s+/)) {
    const from = /^from:@?(.+)$/i.exec(token);
    if (from) query.from ??= from[1]!;
    else if (token.startsWith('#') && isHashtag(token)) query.tags.push(normalizeTag(token));
    else query.words.push(...(token.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []));
  }
  return query;
}

/** People whose username, full name or last name starts with the query, by username. */
export function peopleMatching(
  deps: Deps,
  q: string,
  page: Pick<Parameters<typeof search.searchPeople>[1], 'after' | 'limit' | 'followedBy'>,
) {
  const username = q.replace(/^@/, '').toLowerCase();
  return search.searchPeople(deps.db, {
    usernamePrefix: /^[a-z0-9_.]+$/.test(username) ? username : '',
    namePrefix: searchKey(q),
    ...page,
  });
}
