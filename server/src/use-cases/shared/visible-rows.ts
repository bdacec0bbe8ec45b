import type { Deps } from './deps.js';
import type { PostRef } from '../../data/post-ref.js';
import type { Keep } from '../../platform/http/pagination.js';
import type { ReadContext } from '../../read/rules/viewer-rules.js';
import type { StatusRef } from '../../read/hydration/hydrator.js';
import { seesComment } from '../../read/hydration/visible.js';

/** An empty read keeps nothing and reads no rules (a search that found nothing reads nothing more). */
const nonEmpty =
  <Row>(keep: Keep<Row>): Keep<Row> =>
  (rows) =>
    rows.length === 0 ? Promise.resolve(rows) : keep(rows);

/**
 * What a page of posts keeps of its skeleton's rows: those whose posts the viewer sees where the page
 * is read (the read pipeline's rules). Handed to `cursors.page`, which refills a page that lost rows.
 */
export function visiblePostRows<Row extends PostRef>(
  deps: Deps,
  viewerId: string | undefined,
  context: ReadContext,
): Keep<Row> {
  return nonEmpty(async (rows) => {
    const shown = await deps.hydrator.shownOf(rows, viewerId, context);
    return rows.filter((row) => shown.has(row.id));
  });
}

/** The same for rows that name their post by id alone (a tag's posts, bookmarks). */
export function visiblePostIdRows<Row>(
  deps: Deps,
  viewerId: string | undefined,
  context: ReadContext,
  postIdOf: (row: Row) => string,
): Keep<Row> {
  return nonEmpty(async (rows) => {
    if ((await deps.hydrator.rules(viewerId)).hidesNothing) return rows;
    const records = await deps.hydrator.recordsOf(rows.map(postIdOf));
    const shown = await deps.hydrator.shownOf(records, viewerId, context);
    return rows.filter((row) => shown.has(postIdOf(row)));
  });
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
  return nonEmpty(async (rows) => {
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
  });
}

/**
 * What a list of people keeps of its rows (followers, following, likers, voters, search, suggestions):
 * the people who exist for the viewer (`seesAccount`: no block either way, not suspended). The counts
 * beside such lists (a profile's followers, a post's likes) stay as stored: they count what happened,
 * and a viewer who blocked someone still has them among what the counts count.
 */
export function visiblePeopleRows<Row>(
  deps: Deps,
  viewerId: string | undefined,
  idOf: (row: Row) => string,
): Keep<Row> {
  return nonEmpty(async (rows) => {
    const rules = await deps.hydrator.rules(viewerId);
    return rules.hidesNothing ? rows : rows.filter((row) => rules.seesAccount(idOf(row)));
  });
}

/** What suggestions keep of their rows: the people `ViewerRules.suggests` offers the viewer (not muted either). */
export function suggestedPeopleRows<Row>(
  deps: Deps,
  viewerId: string,
  idOf: (row: Row) => string,
): Keep<Row> {
  return nonEmpty(async (rows) => {
    const rules = await deps.hydrator.rules(viewerId);
    return rules.hidesNothing ? rows : rows.filter((row) => rules.suggests(idOf(row)));
  });
}
