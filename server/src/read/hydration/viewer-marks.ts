import { sql, type RawBuilder } from 'kysely';
import type { Db, Dialect } from '../../data/database.js';
import type { ReactionKind, VoteKind } from '../../data/schema.js';
import { loadInChunks } from '../../platform/db/chunks.js';
import { compiledPerShape } from '../../platform/db/compiled-per-shape.js';
import { preparedOnPostgres } from '../../platform/db/prepared.js';
import type { Shown } from './posts.js';

/**
 * The viewer's marks: their likes, dislikes, bookmarks, reposts and comment votes on what an answer
 * shows, in one query, read per request and never cached. It reads four features' tables at once (a
 * page adds the versions of the accounts it shows) because this is the one per-request read of every page (decision
 * 006). Its text is per dialect: on SQLite the ids are parameters one by one, compiled once per shape;
 * on PostgreSQL they are arrays, so the text never changes and the statement is prepared once per
 * connection.
 */

/** What the signed-in viewer did to the posts and comments of one answer: read per request, never cached. */
export interface ViewerMarks {
  reactions: Map<string, ReactionKind>;
  bookmarks: Set<string>;
  /** The posts the viewer reposted (docs/decisions/092). */
  reposts: Set<string>;
  votes: Map<string, VoteKind>;
}

export const noMarks = (): ViewerMarks => ({
  reactions: new Map(),
  bookmarks: new Set(),
  reposts: new Set(),
  votes: new Map(),
});

/** Several viewers' marks at once (a live event shown to everyone connected), still one query. */
export async function marksOfViewers(
  db: Db,
  viewerIds: readonly string[],
  hydrated: Shown,
): Promise<Map<string, ViewerMarks>> {
  const byViewer = new Map(viewerIds.map((id) => [id, noMarks()]));
  const { postIds, commentIds } = markTargets(hydrated);
  if (viewerIds.length === 0 || (postIds.length === 0 && commentIds.length === 0)) return byViewer;
  const rows = await loadInChunks(viewerIds, async (viewers) => {
    const result = await sql<MarkRow>`${marksQuery(viewers, postIds, commentIds)}`.execute(db);
    return result.rows;
  });
  for (const row of rows) addMark(byViewer, row);
  return byViewer;
}

/**
 * A page's marks and, in the same query, the versions of the accounts it shows (`accountIds`), which
 * say whether the summaries and accounts kept of them are current: with the skeleton and the viewer's
 * token, a warm signed-in page is three statements.
 */
export async function marksAndAccountVersions(
  db: Db,
  dialect: Dialect,
  viewerId: string,
  shown: Shown,
  accountIds: readonly string[],
): Promise<{ marks: ViewerMarks; versions: Map<string, number> }> {
  const { postIds, commentIds } = markTargets(shown);
  const query =
    dialect === 'postgres'
      ? withAccountVersions(
          viewerMarksByArrays(viewerId, postIds, commentIds),
          sql`= any(${[...accountIds]}::varchar[])`,
        ).compile(db)
      : sqliteMarksAndAccountVersions(db, { viewerId, postIds, commentIds, accountIds });
  const { rows } = await db.executeQuery(query);
  const byViewer = new Map([[viewerId, noMarks()]]);
  const versions = new Map<string, number>();
  for (const row of rows) {
    if (row.viewer === null) versions.set(row.target, Number(row.mark));
    else addMark(byViewer, row);
  }
  return { marks: byViewer.get(viewerId)!, versions };
}

interface MarkRow {
  viewer: string;
  target: string;
  mark: string;
}

/** The posts and comments an answer shows, which the viewer may have marked. */
function markTargets(hydrated: Shown) {
  const comments = [...(hydrated.posts ?? []).flatMap((post) => post.comments), ...(hydrated.comments ?? [])];
  return {
    postIds: (hydrated.posts ?? []).map((post) => post.record.id),
    commentIds: comments.map((comment) => comment.record.id),
  };
}

const inList = (ids: readonly string[]) => (ids.length > 0 ? sql.join(ids) : sql`null`);

/** A mark, or an account's version (no viewer; the account as the target, the version as the mark). */
type MarkOrVersionRow = MarkRow | { viewer: null; target: string; mark: string };

/** The accounts' versions as rows beside the marks (`isShown`: which ids): one statement for both. */
const withAccountVersions = (marks: RawBuilder<unknown>, isShown: RawBuilder<unknown>) =>
  sql<MarkOrVersionRow>`${marks} union all select null, id, cast(version as text) from accounts where id ${isShown}`;

/** On SQLite the lists are parameters one by one, so the text changes with their lengths only. */
const sqliteMarksAndAccountVersions = compiledPerShape(
  (
    db: Db,
    {
      viewerId,
      postIds,
      commentIds,
      accountIds,
    }: {
      viewerId: string;
      postIds: readonly string[];
      commentIds: readonly string[];
      accountIds: readonly string[];
    },
  ) =>
    withAccountVersions(marksQuery([viewerId], postIds, commentIds), sql`in (${inList(accountIds)})`).compile(
      db,
    ),
);

/** What these viewers did to these posts and comments, as (viewer, target, mark) rows. */
const marksQuery = (
  viewers: readonly string[],
  postIds: readonly string[],
  commentIds: readonly string[],
) => sql`
  select user_id as viewer, post_id as target, kind as mark from post_reactions
    where user_id in (${inList(viewers)}) and post_id in (${inList(postIds)})
  union all
  select user_id, post_id, 'bookmark' from bookmarks
    where user_id in (${inList(viewers)}) and post_id in (${inList(postIds)})
  union all
  select user_id, post_id, 'repost' from reposts
    where user_id in (${inList(viewers)}) and post_id in (${inList(postIds)})
  union all
  select user_id, comment_id, kind from comment_votes
    where user_id in (${inList(viewers)}) and comment_id in (${inList(commentIds)})`;

/**
 * One viewer's marks on PostgreSQL, in a text that does not change with the number of posts, so it is
 * prepared once per connection. Each shown id is a lookup by (viewer, id) in an index that holds the
 * kind, as a subquery per id, which PostgreSQL cannot turn into a join: whatever the plan, the most
 * liked post costs what a new one does, and so does the most active viewer. (With `post_id = any(…)`
 * the generic plan read the shown posts' reactions by post, and trending pages got slower; as a join,
 * it read all of the viewer's reactions.)
 */
const viewerMarksByArrays = (
  viewerId: string,
  postIds: readonly string[],
  commentIds: readonly string[],
) => sql`
  select ${preparedOnPostgres} viewer, target, mark from (
    select ${viewerId}::varchar as viewer, shown.id as target,
      (select kind from post_reactions where user_id = ${viewerId} and post_id = shown.id) as mark
      from unnest(${[...postIds]}::varchar[]) as shown(id)
    union all
    select ${viewerId}::varchar, shown.id,
      (select 'bookmark' from bookmarks where user_id = ${viewerId} and post_id = shown.id)
      from unnest(${[...postIds]}::varchar[]) as shown(id)
    union all
    select ${viewerId}::varchar, shown.id,
      (select 'repost' from reposts where user_id = ${viewerId} and post_id = shown.id)
      from unnest(${[...postIds]}::varchar[]) as shown(id)
    union all
    select ${viewerId}::varchar, shown.id,
      (select kind from comment_votes where user_id = ${viewerId} and comment_id = shown.id)
      from unnest(${[...commentIds]}::varchar[]) as shown(id)
  ) as marks where mark is not null`;

function addMark(byViewer: Map<string, ViewerMarks>, { viewer, target, mark }: MarkRow) {
  const marks = byViewer.get(viewer)!;
  if (mark === 'bookmark') marks.bookmarks.add(target);
  else if (mark === 'repost') marks.reposts.add(target);
  else if (mark === 'like' || mark === 'dislike') marks.reactions.set(target, mark);
  else if (mark === 'up' || mark === 'down') marks.votes.set(target, mark);
}
