import { isHashtag, normalizeTag, type PostsPageReply } from '@sync/contract';
import { homeItems } from '../shared/repost-items.js';
import { itemsPageAnswer } from './repost-items.js';
import type { Deps } from '../shared/deps.js';
import type { PageQuery } from '../../platform/http/pagination.js';
import * as entities from '../../data/text-entities.repo.js';
import { asJsonText, type JsonText } from '../../read/views/json-text.js';
import { previewPostsPage } from '../../read/views/sync/posts.js';
import { visiblePostIdRows } from '../shared/visible-rows.js';

/**
 * `GET /timeline`: the posts of the people the viewer follows and the viewer's own, and their reposts,
 * newest first, each post once (docs/decisions/092).
 */
export async function followingTimeline(
  deps: Deps,
  input: { viewerId: string; query: PageQuery },
): Promise<JsonText<PostsPageReply>> {
  return itemsPageAnswer(deps, {
    list: await homeItems(deps, input.viewerId),
    scope: `timeline:${input.viewerId}`,
    query: input.query,
    viewerId: input.viewerId,
    context: 'home',
  });
}

/** `GET /tags/:tag`: the posts with the tag (any case, with or without its #), newest first. */
export async function tagTimeline(
  deps: Deps,
  input: { tag: string; viewerId: string | undefined; query: PageQuery },
): Promise<JsonText<PostsPageReply>> {
  const tag = normalizeTag(input.tag);
  // Not something the parser would call a tag: no post can have it.
  if (!isHashtag(tag)) return asJsonText({ posts: [], nextCursor: null });
  const kind = { ...entities.newestTagged, scope: `tag:${tag}` };
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    kind,
    input.query,
    (after, limit) => entities.taggedPage(deps.db, tag, after, limit),
    (row) => [row.created_at, row.post_id],
    visiblePostIdRows(deps, input.viewerId, 'public', (row) => row.post_id),
  );
  const page = await deps.hydrator.pageOfIds(
    items.map((row) => row.post_id),
    'preview',
    input.viewerId,
    'public',
  );
  return previewPostsPage(page, input.viewerId, nextCursor);
}
