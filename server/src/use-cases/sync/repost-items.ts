import type { Deps } from '../shared/deps.js';
import type { ReadContext } from '../../read/rules/viewer-rules.js';
import * as skeletons from '../../data/post-skeletons.repo.js';
import type { PageQuery } from '../../platform/http/pagination.js';
import type { PostsPageReply } from '@sync/contract';
import type { JsonText } from '../../read/views/json-text.js';
import { itemsPage, type RepostShown } from '../../read/views/sync/reposted.js';
import type { SummaryRow } from '../../data/accounts.repo.js';
import type { ItemList, ListItem } from '../shared/repost-items.js';

/** The reposts among these items, by post: what their views show as `reposted`, from the page's people. */
function repostsShown(
  items: readonly ListItem[],
  people: ReadonlyMap<string, SummaryRow>,
): Map<string, RepostShown> {
  const shown = new Map<string, RepostShown>();
  for (const item of items) {
    const by = item.reposter_id === null ? undefined : people.get(item.reposter_id);
    if (by) shown.set(item.id, { repostId: item.item_id, by, at: item.created_at });
  }
  return shown;
}

/** A page of a merged list in Sync's API, by `cursor` and `limit` (newest first). */
export async function itemsPageAnswer(
  deps: Deps,
  input: {
    list: ItemList;
    scope: string;
    query: PageQuery;
    viewerId: string | undefined;
    context: ReadContext;
  },
): Promise<JsonText<PostsPageReply>> {
  const kind = { ...skeletons.newestPosts, scope: input.scope };
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    kind,
    input.query,
    (after, limit) => input.list.load({ olderThan: after, limit }),
    (row) => [row.created_at, row.item_id],
    input.list.keep,
  );
  // The reposters are people of the page: read with its authors and likers, at the versions its marks' query read.
  const reposterIds = [...new Set(items.flatMap((item) => item.reposter_id ?? []))];
  const page = await deps.hydrator.page(items, 'preview', input.viewerId, input.context, [], reposterIds);
  return itemsPage(page, input.viewerId, repostsShown(items, page.users), nextCursor);
}
