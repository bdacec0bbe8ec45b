import { isHashtag, normalizeTag } from '@sync/contract';
import type { Uris } from '../../platform/uris/uris.js';
import type { Deps } from '../shared/deps.js';
import { visiblePeopleRows, visiblePostRows } from '../shared/visible-rows.js';
import * as users from '../../data/users.repo.js';
import * as search from '../../data/search.repo.js';
import * as entities from '../../data/text-entities.repo.js';
import type { AccountRecord, HydratedStatuses } from '../../read/hydration/hydrator.js';
import { offsetPage } from '../shared/offset-pages.js';
import { checkedQuery, parsePostQuery, peopleMatching } from '../shared/search.js';

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
