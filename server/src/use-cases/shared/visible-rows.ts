import type { Deps } from './deps.js';
import type { PostRef } from '../../data/post-ref.js';
import type { Keep } from '../../platform/http/pagination.js';
import type { ReadContext } from '../../read/rules/viewer-rules.js';

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
