import type { Deps } from './deps.js';
import type { PostRef } from '../../data/post-ref.js';
import type { Keep } from '../../platform/http/pagination.js';
import type { ReadContext } from '../../read/rules/viewer-rules.js';
import type { StatusRef } from '../../read/hydration/hydrator.js';
import { seesComment } from '../../read/hydration/visible.js';

/**
 * What a page of posts keeps of its skeleton's rows: those whose posts the viewer sees where the page
 * is read (the read pipeline's rules). Handed to `cursors.page`, which refills a page that lost rows.
 */
export function visiblePostRows<Row extends PostRef>(
  deps: Deps,
  viewerId: string | undefined,
  context: ReadContext,
): Keep<Row> {
  return async (rows) => {
    const shown = await deps.hydrator.shownOf(rows, viewerId, context);
    return rows.filter((row) => shown.has(row.id));
  };
}

/** The same for rows that name their post by id alone (a tag's posts, bookmarks). */
export function visiblePostIdRows<Row>(
  deps: Deps,
  viewerId: string | undefined,
  context: ReadContext,
  postIdOf: (row: Row) => string,
): Keep<Row> {
  return async (rows) => {
    if ((await deps.hydrator.rules(viewerId)).hidesNothing) return rows;
    const records = await deps.hydrator.recordsOf(rows.map(postIdOf));
    const shown = await deps.hydrator.shownOf(records, viewerId, context);
    return rows.filter((row) => shown.has(postIdOf(row)));
  };
}

/**
 * The same for rows that are statuses (the Mastodon API's posts and comments): a post as above, a
 * comment as `visibleStatuses` decides, from its record.
 */
export function visibleStatusRows<Row>(
  deps: Deps,
  viewerId: string | undefined,
  context: ReadContext,
  statusOf: (row: Row) => StatusRef,
): Keep<Row> {
  return async (rows) => {
    const rules = await deps.hydrator.rules(viewerId);
    if (rules.hidesNothing) return rows;
    const postRefs = rows.flatMap((row) => {
      const status = statusOf(row);
      return status.kind === 'post' ? [status.ref] : [];
    });
    const shownPosts =
      postRefs.length === 0 ? new Set<string>() : await deps.hydrator.shownOf(postRefs, viewerId, context);
    return rows.filter((row) => {
      const status = statusOf(row);
      return status.kind === 'post'
        ? shownPosts.has(status.ref.id)
        : seesComment(rules, status.comment, status.post.author_id, context);
    });
  };
}
