import { sql, type RawBuilder } from 'kysely';
import type { AnswerCaps } from '../../config.js';
import type { Db, Dialect } from '../../data/database.js';
import { groupBy, loadInChunks } from '../../platform/db/chunks.js';
import { compiledPerShape } from '../../platform/db/compiled-per-shape.js';
import { preparedOnPostgres } from '../../platform/db/prepared.js';
import type { ReactionKind, VoteKind } from '../../data/schema.js';
import * as comments from '../../data/comments.repo.js';
import * as posts from '../../data/posts.repo.js';
import * as users from '../../data/users.repo.js';
import { VersionedCache } from './post-cache.js';
import type { PostRef } from '../../data/post-ref.js';

/**
 * The middle of the read pipeline (skeleton → hydrate → view): everything a list of posts shows,
 * loaded in a fixed number of batched queries whatever the number of posts, and shared by every route.
 *
 * Hydrated posts hold ids, not people: user summaries are loaded fresh for each answer (one primary-key
 * query), so a new avatar shows everywhere at once without touching the posts it appears in.
 */

/** A comment with its first voters, capped at the answer caps' `nested` (a comment is always listed). */
export type HydratedComment = comments.CommentWithVoters;

export interface HydratedPost {
  record: posts.PostRecord;
  likers: string[];
  dislikers: string[];
  comments: HydratedComment[];
}

/**
 * How many likers, dislikers and comments of a post are shown: a page of a paginated list shows the
 * first few ('preview'); a post in one of the spec's unpaginated lists, up to the nested cap ('listed');
 * the one post an answer is about, up to the entries cap ('full').
 */
export type PostShape = 'preview' | 'listed' | 'full';
const postShapes: readonly PostShape[] = ['preview', 'listed', 'full'];

/** What the signed-in viewer did to the posts and comments of one answer: read per request, never cached. */
export interface ViewerMarks {
  reactions: Map<string, ReactionKind>;
  bookmarks: Set<string>;
  votes: Map<string, VoteKind>;
}

export interface HydratedPage {
  posts: HydratedPost[];
  users: Map<string, users.SummaryRow>;
  marks: ViewerMarks | undefined;
  /**
   * The profiles' version the summaries were kept at (none when the cache is off): what a view renders
   * from a post and its people stays right while this and the post's version stay.
   */
  peopleVersion?: number | undefined;
}

const previewSize = 3;
const noMarks = (): ViewerMarks => ({ reactions: new Map(), bookmarks: new Set(), votes: new Map() });

/** User summaries kept at most (about 200 bytes each), while the profiles' version stays. */
const summariesKept = 50_000;

export class Hydrator {
  readonly cache: VersionedCache<HydratedPost>;
  private readonly summaries = new Map<string, users.SummaryRow>();
  private summariesVersion = -1;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly caps: AnswerCaps,
    private readonly cacheBytes: number,
  ) {
    this.cache = new VersionedCache(cacheBytes);
  }

  /** Forgets every post and person kept: they may show writes that were undone (a failed group commit). */
  forgetAll(): void {
    this.cache.clear();
    this.summaries.clear();
    this.summariesVersion = -1;
  }

  /**
   * Posts of a skeleton, in its order, each from the cache when its version is current. A skeleton
   * entry may be a whole record (a change's answer already holds it): it is then not read again.
   * Posts deleted since the skeleton was read are left out.
   */
  async posts(
    refs: readonly (PostRef | posts.PostRecord)[],
    shape: PostShape,
  ): Promise<HydratedPost[]> {
    const found = new Map<string, HydratedPost>();
    const missing: (PostRef | posts.PostRecord)[] = [];
    for (const ref of refs) {
      const cached = this.cache.get(`${shape}:${ref.id}`, ref.version);
      if (cached) found.set(ref.id, cached);
      else missing.push(ref);
    }
    if (missing.length > 0) {
      for (const post of await this.load(missing, shape)) {
        found.set(post.record.id, post);
        this.cache.set(`${shape}:${post.record.id}`, post.record.version, post, estimateBytes(post, shape));
      }
    }
    return refs.flatMap((ref) => found.get(ref.id) ?? []);
  }

  /** Comments with their first voters (a comment change's answer, notifications). */
  comments(records: readonly comments.CommentRecord[]): Promise<HydratedComment[]> {
    return comments.withFirstVoters(this.db, this.dialect, records, this.caps.nested);
  }

  /** A page of a post's comments with their first voters. */
  commentPage(page: Parameters<typeof comments.commentPageWithVoters>[2]): Promise<HydratedComment[]> {
    return comments.commentPageWithVoters(this.db, this.dialect, page, this.caps.nested);
  }

  /**
   * The summaries of everyone the posts and comments show, the viewer's own among them (the views list
   * the viewer's own like, dislike and votes past the caps: views/own-entries.ts). They are kept while
   * the profiles' version (one row, moved by every profile change in its transaction) stays what it
   * was: a warm page reads that one number instead of a hundred users.
   */
  async people(
    hydrated: { posts?: readonly HydratedPost[]; comments?: readonly HydratedComment[] },
    viewerId: string | undefined,
  ): Promise<Map<string, users.SummaryRow>> {
    return this.peopleByIds(peopleShown(hydrated, viewerId));
  }

  /**
   * Summaries of these users (anyone deleted is left out); `profilesVersion` when this answer read it
   * before reading who to show.
   */
  async peopleByIds(
    ids: readonly string[],
    profilesVersion?: number,
  ): Promise<Map<string, users.SummaryRow>> {
    return (await this.peopleAt(ids, profilesVersion)).people;
  }

  /**
   * The same, with the profiles' version they were kept at (none when the cache is off); `readVersion`
   * is that version when this answer has already read it.
   */
  private async peopleAt(
    ids: readonly string[],
    readVersion?: number,
  ): Promise<{ people: Map<string, users.SummaryRow>; version: number | undefined }> {
    if (this.cacheBytes === 0) {
      const rows = await users.summariesByIds(this.db, this.dialect, ids);
      return { people: new Map(rows.map((row) => [row.id, row])), version: undefined };
    }
    const version = readVersion ?? (await users.profilesVersion(this.db));
    if (version !== this.summariesVersion) {
      this.summaries.clear();
      this.summariesVersion = version;
    }
    // What the cache holds is taken now, while it is at this answer's version.
    const found = new Map<string, users.SummaryRow>();
    const missing: string[] = [];
    for (const id of ids) {
      const row = this.summaries.get(id);
      if (row) found.set(id, row);
      else missing.push(id);
    }
    if (missing.length === 0) return { people: found, version };
    const read = await users.summariesByIds(this.db, this.dialect, missing);
    for (const row of read) found.set(row.id, row);
    // Kept only if no answer moved the cache to another version meanwhile: these rows may be older
    // than that version (read before the profile change it saw).
    if (this.summariesVersion === version) {
      for (const row of read) this.summaries.set(row.id, row);
      for (const oldest of this.summaries.keys()) {
        if (this.summaries.size <= summariesKept) break;
        this.summaries.delete(oldest);
      }
    }
    return { people: found, version };
  }

  /**
   * The viewer's likes, dislikes, bookmarks and comment votes on what the answer shows, in one query.
   * It reads three features' tables at once (a page adds the profiles' version) because this is the one
   * per-request read of every page.
   */
  async marks(
    viewerId: string | undefined,
    hydrated: { posts?: readonly HydratedPost[]; comments?: readonly HydratedComment[] },
  ): Promise<ViewerMarks | undefined> {
    if (!viewerId) return undefined;
    return (await this.marksOfViewers([viewerId], hydrated)).get(viewerId) ?? noMarks();
  }

  /** The same for several viewers at once (a live event shown to everyone connected), still one query. */
  async marksOfViewers(
    viewerIds: readonly string[],
    hydrated: { posts?: readonly HydratedPost[]; comments?: readonly HydratedComment[] },
  ): Promise<Map<string, ViewerMarks>> {
    const byViewer = new Map(viewerIds.map((id) => [id, noMarks()]));
    const { postIds, commentIds } = markTargets(hydrated);
    if (viewerIds.length === 0 || (postIds.length === 0 && commentIds.length === 0)) return byViewer;
    const rows = await loadInChunks(viewerIds, async (viewers) => {
      const result = await sql<MarkRow>`${marksQuery(viewers, postIds, commentIds)}`.execute(this.db);
      return result.rows;
    });
    for (const row of rows) addMark(byViewer, row);
    return byViewer;
  }

  /**
   * A page's marks and, in the same query, the profiles' version its people are kept at: with the
   * skeleton and the viewer's token, a warm signed-in page is three statements.
   */
  private async marksAndProfilesVersion(
    viewerId: string,
    shown: { posts: readonly HydratedPost[]; comments: readonly HydratedComment[] },
  ): Promise<{ marks: ViewerMarks; profilesVersion: number }> {
    const { postIds, commentIds } = markTargets(shown);
    const query =
      this.dialect === 'postgres'
        ? withProfilesVersion(viewerMarksByArrays(viewerId, postIds, commentIds)).compile(this.db)
        : sqliteMarksAndProfilesVersion(this.db, { viewerId, postIds, commentIds });
    const { rows } = await this.db.executeQuery(query);
    const byViewer = new Map([[viewerId, noMarks()]]);
    let profilesVersion = 0;
    for (const row of rows) {
      if (row.viewer === null) profilesVersion = Number(row.mark);
      else addMark(byViewer, row);
    }
    return { marks: byViewer.get(viewerId)!, profilesVersion };
  }

  /**
   * Skeleton to everything a view needs: posts, the people they show and the viewer's marks. `comments`
   * are shown beside the posts (a comment change answers its post and the comment).
   */
  async page(
    refs: readonly (PostRef | posts.PostRecord)[],
    shape: PostShape,
    viewerId: string | undefined,
    comments: readonly HydratedComment[] = [],
  ): Promise<HydratedPage> {
    const hydrated = await this.posts(refs, shape);
    return { posts: hydrated, ...(await this.peopleAndMarks({ posts: hydrated, comments }, viewerId)) };
  }

  /**
   * The people and the viewer's marks of what an answer shows (and the people of `extra`, whom it shows
   * besides). Signed in, the marks and the profiles' version the people are kept at come in one query.
   */
  async peopleAndMarks(
    shown: { posts: readonly HydratedPost[]; comments: readonly HydratedComment[] },
    viewerId: string | undefined,
    extra: readonly string[] = [],
  ): Promise<Omit<HydratedPage, 'posts'>> {
    // An empty page (a post nobody commented on) shows nobody and nothing to mark: no query.
    if (shown.posts.length === 0 && shown.comments.length === 0 && extra.length === 0)
      return { users: new Map(), marks: viewerId ? noMarks() : undefined };
    const ids = peopleShown(shown, viewerId, extra);
    if (viewerId && this.cacheBytes > 0) {
      const { marks, profilesVersion } = await this.marksAndProfilesVersion(viewerId, shown);
      const people = await this.peopleAt(ids, profilesVersion);
      return { users: people.people, marks, peopleVersion: people.version };
    }
    const [people, marks] = await Promise.all([this.peopleAt(ids), this.marks(viewerId, shown)]);
    return { users: people.people, marks, peopleVersion: people.version };
  }

  /**
   * After the viewer's own reaction moved a post by `steps` versions and nothing else did (the cached
   * entry is exactly `steps` behind), the cached lists are brought forward instead of read again: the
   * new reaction is the newest, so it joins its list only while the list is not full, and leaves the
   * other list. Where that cannot be known (a full list loses an entry), the entry is left to go stale.
   */
  noteOwnReaction(record: posts.PostRecord, viewerId: string, kind: ReactionKind, steps: number): void {
    for (const shape of postShapes) {
      const key = `${shape}:${record.id}`;
      const cached = this.cache.peek(key, record.version - steps);
      if (!cached) continue;
      const limit = this.listLimit(shape);
      const [joined, left] =
        kind === 'like' ? [cached.likers, cached.dislikers] : [cached.dislikers, cached.likers];
      if (left.includes(viewerId) && left.length >= limit) continue;
      const nextJoined = joined.includes(viewerId) || joined.length >= limit ? joined : [...joined, viewerId];
      const nextLeft = left.filter((id) => id !== viewerId);
      const post: HydratedPost = {
        ...cached,
        record,
        likers: kind === 'like' ? nextJoined : nextLeft,
        dislikers: kind === 'like' ? nextLeft : nextJoined,
      };
      this.cache.set(key, record.version, post, estimateBytes(post, shape));
    }
  }

  /**
   * A post just written shows nothing but itself: it is cached at its first version with empty lists,
   * so its answer reads none.
   */
  noteNewPost(record: posts.PostRecord): void {
    const post: HydratedPost = { record, likers: [], dislikers: [], comments: [] };
    for (const shape of postShapes) {
      this.cache.set(`${shape}:${record.id}`, record.version, post, estimateBytes(post, shape));
    }
  }

  /**
   * After a comment was added and nothing else moved the post (the cached entry is exactly one version
   * behind), the cached lists are brought forward instead of read again. Lists are in conversation
   * order, so a comment written after the last one listed joins only a list with room; one that is
   * not (a clock set back) leaves the entry to go stale.
   */
  noteNewComment(record: posts.PostRecord, comment: comments.CommentRecord): void {
    for (const shape of postShapes) {
      const key = `${shape}:${record.id}`;
      const cached = this.cache.peek(key, record.version - 1);
      if (!cached) continue;
      const last = cached.comments.at(-1);
      if (last && last.record.created_at >= comment.created_at) continue;
      const joins = cached.comments.length < this.listLimit(shape);
      const post: HydratedPost = {
        ...cached,
        record,
        comments: joins ? [...cached.comments, newComment(comment)] : cached.comments,
      };
      this.cache.set(key, record.version, post, estimateBytes(post, shape));
    }
  }

  /**
   * The same for a skeleton that comes from another table (bookmarks): the posts' records are read
   * first, in one query, for their versions, and kept for hydration.
   */
  async pageOfIds(ids: readonly string[], shape: PostShape, viewerId: string | undefined) {
    const records = new Map(
      (await posts.postsByIds(this.db, this.dialect, ids)).map((record) => [record.id, record]),
    );
    return this.page(
      ids.flatMap((id) => records.get(id) ?? []),
      shape,
      viewerId,
    );
  }

  private listLimit(shape: PostShape): number {
    if (shape === 'preview') return previewSize;
    return shape === 'listed' ? this.caps.nested : this.caps.entries;
  }

  private async load(
    refs: readonly (PostRef | posts.PostRecord)[],
    shape: PostShape,
  ): Promise<HydratedPost[]> {
    const given = refs.filter((ref): ref is posts.PostRecord => 'author_id' in ref);
    const toRead = refs.filter((ref) => !('author_id' in ref)).map((ref) => ref.id);
    // The records are read before the lists: data read later is never older than the version read,
    // so nothing is cached under a version newer than what it shows.
    const records = [
      ...given,
      ...(toRead.length > 0 ? await posts.postsByIds(this.db, this.dialect, toRead) : []),
    ];
    const ids = records.map((record) => record.id);
    const limit = this.listLimit(shape);
    const [reactors, commentRecords] = await Promise.all([
      posts.firstReactors(this.db, this.dialect, ids, limit),
      comments.firstComments(this.db, this.dialect, ids, limit),
    ]);
    const hydratedComments = groupBy(
      await this.comments(commentRecords),
      (comment) => comment.record.post_id,
    );
    const reactorsByPost = groupBy(reactors, (reactor) => reactor.post_id);
    return records.map((record) => {
      const own = reactorsByPost.get(record.id) ?? [];
      return {
        record,
        likers: own.filter((reactor) => reactor.kind === 'like').map((reactor) => reactor.user_id),
        dislikers: own.filter((reactor) => reactor.kind === 'dislike').map((reactor) => reactor.user_id),
        comments: hydratedComments.get(record.id) ?? [],
      };
    });
  }
}

/** A comment just written: nobody has voted on it yet. */
export const newComment = (record: comments.CommentRecord): HydratedComment => ({
  record,
  upvoters: [],
  downvoters: [],
});

interface MarkRow {
  viewer: string;
  target: string;
  mark: string;
}

/** The posts and comments an answer shows, which the viewer may have marked. */
function markTargets(hydrated: { posts?: readonly HydratedPost[]; comments?: readonly HydratedComment[] }) {
  const comments = [...(hydrated.posts ?? []).flatMap((post) => post.comments), ...(hydrated.comments ?? [])];
  return {
    postIds: (hydrated.posts ?? []).map((post) => post.record.id),
    commentIds: comments.map((comment) => comment.record.id),
  };
}

const inList = (ids: readonly string[]) => (ids.length > 0 ? sql.join(ids) : sql`null`);

type MarkOrVersionRow = MarkRow | { viewer: null; target: null; mark: string };

/** The profiles' version as a row beside the marks: one statement for both. */
const withProfilesVersion = (marks: RawBuilder<unknown>) =>
  sql<MarkOrVersionRow>`${marks} union all select null, null, cast(version as text) from profiles_version`;

/** On SQLite the lists are parameters one by one, so the text changes with their lengths only. */
const sqliteMarksAndProfilesVersion = compiledPerShape(
  (
    db: Db,
    {
      viewerId,
      postIds,
      commentIds,
    }: { viewerId: string; postIds: readonly string[]; commentIds: readonly string[] },
  ) => withProfilesVersion(marksQuery([viewerId], postIds, commentIds)).compile(db),
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
      (select kind from comment_votes where user_id = ${viewerId} and comment_id = shown.id)
      from unnest(${[...commentIds]}::varchar[]) as shown(id)
  ) as marks where mark is not null`;

function addMark(byViewer: Map<string, ViewerMarks>, { viewer, target, mark }: MarkRow) {
  const marks = byViewer.get(viewer)!;
  if (mark === 'bookmark') marks.bookmarks.add(target);
  else if (mark === 'like' || mark === 'dislike') marks.reactions.set(target, mark);
  else if (mark === 'up' || mark === 'down') marks.votes.set(target, mark);
}

/** Everyone the posts and comments show, the viewer and `extra` among them. */
function peopleShown(
  hydrated: { posts?: readonly HydratedPost[]; comments?: readonly HydratedComment[] },
  viewerId: string | undefined,
  extra: readonly string[] = [],
): string[] {
  const ids = new Set<string>(viewerId === undefined ? extra : [viewerId, ...extra]);
  const addComment = (comment: HydratedComment) => {
    ids.add(comment.record.author_id);
    for (const id of comment.upvoters) ids.add(id);
    for (const id of comment.downvoters) ids.add(id);
  };
  for (const post of hydrated.posts ?? []) {
    ids.add(post.record.author_id);
    for (const id of post.likers) ids.add(id);
    for (const id of post.dislikers) ids.add(id);
    post.comments.forEach(addComment);
  }
  hydrated.comments?.forEach(addComment);
  return [...ids];
}

/**
 * Roughly what a hydrated post holds in memory, for the cache's bound: its objects and strings, and for
 * a preview the JSON text the views keep beside it while it is cached (`views/posts.ts`). Calibrated with
 * the heap (`--expose-gc`, the bench's 10,000 posts, the cache filled then emptied): a preview held about
 * 2.1 KB and a whole post with its lists about 8.4 KB, where an estimate without the text and with a
 * smaller base had counted 1.1 and 7.8 KB: previews held about twice their share of POST_CACHE_MB.
 */
function estimateBytes(post: HydratedPost, shape: PostShape): number {
  const idBytes = 90;
  const people = post.likers.length + post.dislikers.length;
  let bytes = 900 + post.record.content.length * 2 + people * idBytes;
  let textBytes = 150 + post.record.content.length + people * 120;
  for (const comment of post.comments) {
    bytes += 300 + comment.record.text.length * 2;
    bytes += (comment.upvoters.length + comment.downvoters.length) * idBytes;
    textBytes += 250 + comment.record.text.length;
  }
  return shape === 'preview' ? bytes + textBytes : bytes;
}
