import {
  SearchLimits,
  isHashtag,
  normalizeTag,
  type PostsPageReply,
  type SearchQuery,
  type SearchTagsReply,
  type SearchUsersReply,
} from '@sync/contract';
import type { Uris } from '../platform/uris/uris.js';
import type { Deps } from './shared/deps.js';
import { visiblePeopleRows, visiblePostRows } from './shared/visible-rows.js';
import { checkText } from './shared/text.js';
import { Invalid } from './shared/domain-errors.js';
import { badRequest } from '../platform/http/errors.js';
import * as users from '../data/users.repo.js';
import { asJsonText, type JsonText } from '../read/views/json-text.js';
import { previewPostsPage } from '../read/views/sync/posts.js';
import { userSummary } from '../read/views/sync/summaries.js';
import { withFollowState } from './shared/listed-people.js';
import { searchKey } from '../data/name-keys.js';
import * as search from '../data/search.repo.js';
import * as entities from '../data/text-entities.repo.js';
import type { AccountRecord, HydratedStatuses } from '../read/hydration/hydrator.js';
import { offsetPage } from './shared/offset-pages.js';

/**
 * The search text, as Sync checks it (present, not too long). It is a parameter of a read, not input to
 * keep: both APIs refuse it as a bad request (400), as Mastodon refuses a missing or unusable parameter,
 * where the Mastodon API answers input to keep that is Invalid with 422.
 */
function checkedQuery(q: string): string {
  try {
    return checkText(q, { label: 'The search text', max: SearchLimits.queryMax, required: true });
  } catch (error) {
    throw error instanceof Invalid ? badRequest(error.message) : error;
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

/** `GET /search?q=…&type=posts|users|tags` */
export async function searchEverything(
  deps: Deps,
  input: { query: SearchQuery; viewerId: string | undefined },
): Promise<JsonText<PostsPageReply | SearchUsersReply | SearchTagsReply>> {
  const q = checkedQuery(input.query.q);
  if (input.query.type === 'users')
    return asJsonText(await searchUsers(deps, q, input.query, input.viewerId));
  if (input.query.type === 'tags') return asJsonText(await searchTags(deps, q, input.query));
  return searchPosts(deps, q, input.query, input.viewerId);
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
    visiblePostRows(deps, viewerId, 'public'),
  );
  return previewPostsPage(
    await deps.hydrator.page(items, 'preview', viewerId, 'public'),
    viewerId,
    nextCursor,
  );
}

/** People whose username, full name or last name starts with the query, by username. */
function peopleMatching(
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

async function searchUsers(
  deps: Deps,
  q: string,
  page: SearchQuery,
  viewerId: string | undefined,
): Promise<SearchUsersReply> {
  const kind = { ...search.peopleMatches, scope: `${search.peopleMatches.scope}:${q}` };
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    kind,
    page,
    (after, limit) => peopleMatching(deps, q, { after, limit }),
    (row) => [row.username_key],
    visiblePeopleRows(deps, viewerId, (row) => row.id),
  );
  const people = items.map((row) => ({ ...userSummary(row), bio: row.bio }));
  return { users: await withFollowState(deps, viewerId, people), nextCursor };
}

/** Tags that start with the query (with or without its #), most used first. */
async function searchTags(deps: Deps, q: string, page: SearchQuery): Promise<SearchTagsReply> {
  const prefix = normalizeTag(q);
  if (!isHashtag(prefix)) return { tags: [], nextCursor: null };
  const kind = { ...entities.tagsByUse, scope: `${entities.tagsByUse.scope}:${prefix}` };
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    kind,
    page,
    (after, limit) => entities.tagsStartingWith(deps.db, prefix, after, limit),
    (row) => [row.uses, row.tag],
  );
  return { tags: items.map((row) => ({ name: row.tag, uses: row.uses })), nextCursor };
}

/** What a Mastodon app searches with: the text and a page of it by `offset` and `limit`. */
export interface OffsetSearch {
  q: string;
  limit: number;
  offset: number;
}

/**
 * `GET /api/v1/accounts/search` and the accounts of `/api/v2/search`: Sync's people search. An address
 * `user@host` is searched for as `user` when the host is this server's (everyone is local; another
 * server's address finds nobody). `followedBy`: only people that user follows.
 */
export async function searchAccounts(
  deps: Deps,
  input: OffsetSearch & { uris: Uris; viewerId: string | undefined; followedBy?: string | undefined },
): Promise<AccountRecord[]> {
  const q = checkedQuery(input.q);
  const [name, domain] = q.replace(/^@/, '').split('@');
  const local = domain === undefined || input.uris.isLocal(domain);
  if (!local || !name) return [];
  const rows = await offsetPage(
    input.offset,
    input.limit,
    (count) =>
      peopleMatching(deps, domain === undefined ? q : name, {
        after: undefined,
        limit: count,
        followedBy: input.followedBy,
      }),
    visiblePeopleRows(deps, input.viewerId, (row) => row.id),
  );
  const records = await deps.hydrator.accounts(rows.map((row) => row.id));
  return rows.flatMap((row) => records.get(row.id) ?? []);
}

/**
 * The statuses of `/api/v2/search`: Sync's post search, its operators (`from:username`, `#tag`)
 * included; `accountId` (Mastodon's `account_id`) is one more author filter; `olderThan` its `max_id`.
 */
export async function searchStatuses(
  deps: Deps,
  input: OffsetSearch & {
    viewerId: string | undefined;
    accountId?: string | undefined;
    olderThan?: [string, string] | undefined;
  },
): Promise<HydratedStatuses> {
  const parsed = parsePostQuery(checkedQuery(input.q));
  const named = parsed.from === undefined ? undefined : await users.findUserByUsername(deps.db, parsed.from);
  const authorIds = new Set([
    ...(parsed.from === undefined ? [] : [named?.id ?? '']),
    ...(input.accountId === undefined ? [] : [input.accountId]),
  ]);
  // Two author filters that name different people (or nobody) match nothing.
  if (authorIds.size > 1 || authorIds.has('')) return deps.hydrator.statuses([], input.viewerId, 'public');
  const commonWords =
    deps.dialect === 'postgres' && parsed.words.length > 0
      ? await search.commonPostWords(deps.db, deps.clock.now())
      : undefined;
  const refs = await offsetPage(
    input.offset,
    input.limit,
    (count) =>
      search.searchPostRefs(deps.db, deps.dialect, {
        words: parsed.words,
        authorId: [...authorIds][0],
        tags: parsed.tags,
        after: input.olderThan,
        limit: count,
        commonWords,
      }),
    visiblePostRows(deps, input.viewerId, 'public'),
  );
  return deps.hydrator.statuses(
    refs.map((ref) => ({ kind: 'post', ref })),
    input.viewerId,
    'public',
  );
}

/**
 * The hashtags of `/api/v2/search`: the tags posts have that start with the query (with or without
 * its #), most used first as Sync's own search has them, the query itself first when it is a tag,
 * used or not (an app offers to open it).
 */
export async function searchHashtags(deps: Deps, input: OffsetSearch): Promise<string[]> {
  const prefix = normalizeTag(checkedQuery(input.q));
  if (!isHashtag(prefix)) return [];
  return offsetPage(input.offset, input.limit, async (count) => {
    const used = await entities.tagsStartingWith(deps.db, prefix, undefined, count);
    return [...new Set([prefix, ...used.map((row) => row.tag)])];
  });
}
