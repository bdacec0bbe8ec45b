import {
  isHashtag,
  normalizeTag,
  type PostsPageReply,
  type SearchQuery,
  type SearchTagsReply,
  type SearchUsersReply,
} from '@sync/contract';
import type { Deps } from '../shared/deps.js';
import { visiblePeopleRows, visiblePostRows } from '../shared/visible-rows.js';
import * as users from '../../data/users.repo.js';
import { asJsonText, type JsonText } from '../../read/views/json-text.js';
import { previewPostsPage } from '../../read/views/sync/posts.js';
import { userSummary } from '../../read/views/sync/summaries.js';
import { withFollowState } from './listed-people.js';
import * as search from '../../data/search.repo.js';
import * as entities from '../../data/text-entities.repo.js';
import { checkedQuery, parsePostQuery, peopleMatching } from '../shared/search.js';

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
