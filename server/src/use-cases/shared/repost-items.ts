import type { Deps } from './deps.js';
import type { Keep } from '../../platform/http/pagination.js';
import type { ReadContext } from '../../read/rules/viewer-rules.js';
import * as follows from '../../data/follows.repo.js';
import * as reposts from '../../data/reposts.repo.js';
import * as skeletons from '../../data/post-skeletons.repo.js';
import { homeAuthorIds } from './home-authors.js';
import { visiblePostRows } from './visible-rows.js';

/**
 * Lists that merge posts with reposts (docs/decisions/092): the Following timeline (both APIs' home)
 * and a profile's reposts. Posts and reposts both have UUIDv7 ids, so one (created_at, item id) key
 * orders them and one cursor shape pages them.
 */

/** An item: the post, and for a repost, its id (the item's) and who made it. */
export interface ListItem {
  /** The post's id and version. */
  id: string;
  version: number;
  created_at: string;
  /** The post's id for a post, the repost's for a repost. */
  item_id: string;
  /** Who reposted it; null for a post. */
  reposter_id: string | null;
}

export type ItemWindow = reposts.ItemWindow;

/** An item's place in its list. */
export const itemKey = (item: ListItem): [string, string] => [item.created_at, item.item_id];

/** The repost an item is, or undefined for a post. */
export const repostOfItem = (item: ListItem): reposts.RepostRow | undefined =>
  item.reposter_id === null
    ? undefined
    : { id: item.item_id, user_id: item.reposter_id, post_id: item.id, created_at: item.created_at };

const asItem = (row: { id: string; version: number; created_at: string }): ListItem => ({
  ...row,
  item_id: row.id,
  reposter_id: null,
});

/** The first `limit` of two lists each already in the window's order, merged in that order. */
function merged(a: readonly ListItem[], b: readonly ListItem[], window: ItemWindow): ListItem[] {
  const after = (x: ListItem, y: ListItem) =>
    reposts.isAfter({ created_at: x.created_at, id: x.item_id }, { created_at: y.created_at, id: y.item_id });
  const all = [...a, ...b].sort((x, y) => (after(x, y) ? -1 : after(y, x) ? 1 : 0));
  if (window.oldestFirst) all.reverse();
  return all.slice(0, window.limit);
}

/**
 * Keeps an item only when no newer item of the same post is in the list (its newest repost by one of
 * `reposterIds`): a property of the item, not of the page, so paging never shows a post twice.
 */
function newestItemsOnly(deps: Deps, reposterIds: readonly string[]): Keep<ListItem> {
  return async (rows) => {
    const newest = await reposts.newestRepostsAmong(
      deps.db,
      deps.dialect,
      [...new Set(rows.map((row) => row.id))],
      reposterIds,
    );
    return rows.filter((row) => {
      const repost = newest.get(row.id);
      return !repost || !reposts.isAfter(repost, { created_at: row.created_at, id: row.item_id });
    });
  };
}

/** What a merged list keeps: the posts the viewer sees there, each at its newest item. */
function keepItems(
  deps: Deps,
  viewerId: string | undefined,
  context: ReadContext,
  reposterIds: readonly string[],
): Keep<ListItem> {
  const visible = visiblePostRows<ListItem>(deps, viewerId, context);
  const newest = newestItemsOnly(deps, reposterIds);
  return async (rows) => newest(await visible(rows));
}

/** A merged list: how to read a window of it, and what a page of it keeps. */
export interface ItemList {
  load: (window: ItemWindow) => Promise<ListItem[]>;
  keep: Keep<ListItem>;
}

/** The skeleton's bounds of a window, as the posts' queries take them. */
const postBounds = (window: ItemWindow) => ({
  after: window.olderThan,
  newerThan: window.newerThan,
  oldestFirst: window.oldestFirst,
  limit: window.limit,
});

/** A merged list: some posts (`postsIn`) and the reposts of `reposterIds`, as seen in `context`. */
function itemList(
  deps: Deps,
  input: {
    postsIn: (window: ItemWindow) => Promise<{ id: string; version: number; created_at: string }[]>;
    reposterIds: readonly string[];
    viewerId: string | undefined;
    context: ReadContext;
  },
): ItemList {
  return {
    load: async (window) => {
      const [posts, shared] = await Promise.all([
        input.postsIn(window),
        reposts.repostItemsOfUsers(deps.db, deps.dialect, input.reposterIds, window),
      ]);
      return merged(posts.map(asItem), shared, window);
    },
    keep: keepItems(deps, input.viewerId, input.context, input.reposterIds),
  };
}

/**
 * The Following timeline: the posts of the viewer and of the people they follow, and the reposts of
 * the same people (the viewer's own included, as Mastodon's home has them) but of those whose reposts
 * the viewer hides. Muted and blocked people are not among them (homeAuthorIds).
 */
export async function homeItems(deps: Deps, viewerId: string): Promise<ItemList> {
  const [authorIds, hidden] = await Promise.all([
    homeAuthorIds(deps, viewerId),
    follows.repostsHiddenBy(deps.db, viewerId),
  ]);
  return itemList(deps, {
    postsIn: (window) =>
      skeletons.newestPostRefsByAuthors(deps.db, deps.dialect, { authorIds, ...postBounds(window) }),
    reposterIds: authorIds.filter((id) => !hidden.has(id)),
    viewerId,
    context: 'home',
  });
}

/** A profile's reposts (`reposts`), or its posts and reposts (`all`), newest first. */
export function profileItems(
  deps: Deps,
  input: { authorId: string; viewerId: string | undefined; withPosts: boolean },
): ItemList {
  return itemList(deps, {
    postsIn: async (window) =>
      input.withPosts
        ? skeletons.newestPostRefs(deps.db, { authorId: input.authorId, ...postBounds(window) })
        : [],
    reposterIds: [input.authorId],
    viewerId: input.viewerId,
    context: 'account',
  });
}
