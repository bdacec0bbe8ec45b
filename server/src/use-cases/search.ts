import {
  SearchLimits,
  isHashtag,
  normalizeTag,
  type PostsPageReply,
  type SearchQuery,
  type SearchUsersReply,
} from '@sync/contract';
import type { Deps } from './shared/deps.js';
import { checkText } from './shared/text.js';
import * as users from '../data/users.repo.js';
import { asJsonText, type JsonText } from '../read/views/json-text.js';
import { previewPostsPage } from '../read/views/sync/posts.js';
import { userSummary } from '../read/views/sync/summaries.js';
import { searchKey } from '../data/name-keys.js';
import * as search from '../data/search.repo.js';

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

/** `GET /search?q=…&type=posts|users` */
export async function searchEverything(
  deps: Deps,
  input: { query: SearchQuery; viewerId: string | undefined },
): Promise<JsonText<PostsPageReply | SearchUsersReply>> {
  const q = checkText(input.query.q, {
    label: 'The search text',
    max: SearchLimits.queryMax,
    required: true,
  });
  return input.query.type === 'users'
    ? asJsonText(await searchUsers(deps, q, input.query))
    : searchPosts(deps, q, input.query, input.viewerId);
}

async function searchPosts(
  deps: Deps,
  q: string,
  page: SearchQuery,
  viewerId: string | undefined,
): Promise<JsonText<PostsPageReply>> {
  const parsed = parsePostQuery(q);
  let authorId: string | undefined;
  if (parsed.from !== undefined) {
    authorId = (await users.findUserByUsername(deps.db, parsed.from))?.id;
    if (!authorId) return asJsonText({ posts: [], nextCursor: null });
  }
  const commonWords =
    deps.dialect === 'postgres' && parsed.words.length > 0
      ? await search.commonPostWords(deps.db, deps.clock.now())
      : undefined;
  const kind = { ...search.postMatches, scope: `${search.postMatches.scope}:${q}` };
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    kind,
    page,
    (after, limit) =>
      search.searchPostRefs(deps.db, deps.dialect, {
        words: parsed.words,
        authorId,
        tags: parsed.tags,
        after,
        limit,
        commonWords,
      }),
    (row) => [row.created_at, row.id],
  );
  return previewPostsPage(await deps.hydrator.page(items, 'preview', viewerId), viewerId, nextCursor);
}

async function searchUsers(deps: Deps, q: string, page: SearchQuery): Promise<SearchUsersReply> {
  const username = q.replace(/^@/, '').toLowerCase();
  const kind = { ...search.peopleMatches, scope: `${search.peopleMatches.scope}:${q}` };
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    kind,
    page,
    (after, limit) =>
      search.searchPeople(deps.db, {
        usernamePrefix: /^[a-z0-9_.]+$/.test(username) ? username : '',
        namePrefix: searchKey(q),
        after,
        limit,
      }),
    (row) => [row.username_key],
  );
  return { users: items.map((row) => ({ ...userSummary(row), bio: row.bio })), nextCursor };
}
