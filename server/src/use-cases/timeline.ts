import { isHashtag, normalizeTag, type PostsPageReply } from '@sync/contract';
import { homeAuthorIds } from './shared/home-authors.js';
import type { Deps } from './shared/deps.js';
import type { PageQuery } from '../platform/http/pagination.js';
import * as skeletons from '../data/post-skeletons.repo.js';
import * as entities from '../data/text-entities.repo.js';
import { asJsonText, type JsonText } from '../read/views/json-text.js';
import { previewPostsPage } from '../read/views/sync/posts.js';
import { visiblePostIdRows, visiblePostRows } from './shared/visible-rows.js';

/** `GET /timeline`: the posts of the people the viewer follows and the viewer's own, newest first. */
export async function followingTimeline(
  deps: Deps,
  input: { viewerId: string; query: PageQuery },
): Promise<JsonText<PostsPageReply>> {
  const authorIds = await homeAuthorIds(deps, input.viewerId);
  const kind = { ...skeletons.newestPosts, scope: `timeline:${input.viewerId}` };
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    kind,
    input.query,
    (after, limit) => skeletons.newestPostRefsByAuthors(deps.db, deps.dialect, { authorIds, after, limit }),
    (row) => [row.created_at, row.id],
    visiblePostRows(deps, input.viewerId, 'home'),
  );
  const page = await deps.hydrator.page(items, 'preview', input.viewerId, 'home');
  return previewPostsPage(page, input.viewerId, nextCursor);
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
