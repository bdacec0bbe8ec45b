import * as comments from '../../data/comments.repo.js';
import * as posts from '../../data/posts.repo.js';
import { cursorKind, type TimeWindow } from '../../platform/db/keyset.js';
import type { HydratedStatuses, StatusRef } from '../../read/hydration/hydrator.js';
import { cursorPage, type CursorWindow, type PageBounds } from '../shared/cursor-windows.js';
import type { Deps } from '../shared/deps.js';
import { visibleStatusRows } from '../shared/visible-rows.js';

/**
 * Favourites: the Mastodon API's name for the posts a person liked and the comments they voted up
 * (docs/decisions/070). Dislikes and downvotes have no Mastodon equivalent and are not listed.
 */

/** Ordered by when the favourite was given, then by the status's id. */
const favouritesByTime = cursorKind('favourites', ['string', 'string']);

interface Favourite {
  kind: 'post' | 'comment';
  id: string;
  at: string;
}

/**
 * The viewer's likes and upvotes in a window, merged: each list's first `limit` in the window, sorted
 * together by (time, id) and cut to `limit`, so the union is paged in one order and a page is two
 * small reads whatever the page.
 */
async function favouritesIn(deps: Deps, viewerId: string, window: TimeWindow): Promise<Favourite[]> {
  const [liked, upvoted] = await Promise.all([
    posts.likedWindow(deps.db, viewerId, window),
    comments.upvotedWindow(deps.db, viewerId, window),
  ]);
  const merged: Favourite[] = [
    ...liked.map((row): Favourite => ({ kind: 'post', id: row.post_id, at: row.created_at })),
    ...upvoted.map((row): Favourite => ({ kind: 'comment', id: row.comment_id, at: row.created_at })),
  ];
  const sign = window.oldestFirst ? 1 : -1;
  merged.sort((a, b) => sign * (a.at === b.at ? (a.id < b.id ? -1 : 1) : a.at < b.at ? -1 : 1));
  return merged.slice(0, window.limit);
}

/** `GET /api/v1/favourites`: the statuses the viewer favourited, the latest favourite first. */
export async function favouritedStatuses(
  deps: Deps,
  input: { viewerId: string; window: CursorWindow },
): Promise<{ statuses: HydratedStatuses; bounds: PageBounds }> {
  const kind = { ...favouritesByTime, scope: `favourites:${input.viewerId}` };
  const { rows, bounds } = await cursorPage(
    deps,
    kind,
    input.window,
    async (window) => favouriteStatuses(deps, await favouritesIn(deps, input.viewerId, window)),
    (row) => [row.at, row.id],
    // Read as one status asked for by id: only a block or a suspension hides one.
    visibleStatusRows(deps, input.viewerId, 'post', (row) => row.status),
  );
  return {
    statuses: await deps.hydrator.statuses(
      rows.map((row) => row.status),
      input.viewerId,
      'post',
    ),
    bounds,
  };
}

/** The favourites' statuses, in their order: a status deleted since it was favourited is left out. */
async function favouriteStatuses(
  deps: Deps,
  rows: readonly Favourite[],
): Promise<(Favourite & { status: StatusRef })[]> {
  const commentRecords = await comments.commentsByIds(
    deps.db,
    deps.dialect,
    rows.flatMap((row) => (row.kind === 'comment' ? [row.id] : [])),
  );
  const postRecords = await posts.postsByIds(deps.db, deps.dialect, [
    ...rows.flatMap((row) => (row.kind === 'post' ? [row.id] : [])),
    ...commentRecords.map((comment) => comment.post_id),
  ]);
  const postsById = new Map(postRecords.map((record) => [record.id, record]));
  const commentsById = new Map(commentRecords.map((record) => [record.id, record]));
  return rows.flatMap((row): (Favourite & { status: StatusRef })[] => {
    if (row.kind === 'post') {
      const post = postsById.get(row.id);
      return post ? [{ ...row, status: { kind: 'post', ref: post } }] : [];
    }
    const comment = commentsById.get(row.id);
    const post = comment && postsById.get(comment.post_id);
    return comment && post ? [{ ...row, status: { kind: 'comment', comment, post } }] : [];
  });
}
