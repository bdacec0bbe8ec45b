import { sql } from 'kysely';
import type { Db, Dialect } from './database.js';
import { isOneOf, loadInChunks } from '../platform/db/chunks.js';
import { cursorKind, type CursorKey } from '../platform/db/keyset.js';
import { preparedOnPostgres } from '../platform/db/prepared.js';

/** The `mentions`, `post_tags` and `comment_tags` tables: what post and comment text refers to. */

export const newestTagged = cursorKind('tag', ['string', 'string']);
type TaggedKey = CursorKey<typeof newestTagged.shape>;

/** The users a post or comment mentions now. */
export async function mentionedBy(trx: Db, sourceId: string): Promise<string[]> {
  const rows = await trx.selectFrom('mentions').select('user_id').where('source_id', '=', sourceId).execute();
  return rows.map((row) => row.user_id);
}

/**
 * Who these posts and comments mention (by the id of the post or comment), as resolved when their text
 * was written: one range of the mentions' key per text. A mentioned account deleted since has no row.
 */
export function mentionsOfSources(
  db: Db,
  dialect: Dialect,
  sourceIds: readonly string[],
): Promise<{ source_id: string; user_id: string }[]> {
  return loadInChunks(sourceIds, (chunk) =>
    db
      .selectFrom('mentions')
      .modifyFront(preparedOnPostgres)
      .select(['source_id', 'user_id'])
      .where(isOneOf(dialect, 'source_id', chunk))
      .execute(),
  );
}

export async function addMentions(
  trx: Db,
  source: { sourceId: string; postId: string; commentId: string | undefined; at: string },
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await trx
    .insertInto('mentions')
    .values(
      userIds.map((userId) => ({
        source_id: source.sourceId,
        post_id: source.postId,
        comment_id: source.commentId ?? null,
        user_id: userId,
        created_at: source.at,
      })),
    )
    .execute();
}

export async function removeMentions(trx: Db, sourceId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await trx
    .deleteFrom('mentions')
    .where('source_id', '=', sourceId)
    .where('user_id', 'in', userIds)
    .execute();
}

/**
 * The kind of job that records the tags of texts written before migration 029 (docs/decisions/127):
 * the migration queues its first step, use-cases/shared/text-entities.ts runs each.
 */
export const tagsBackfillJob = 'tags backfill';

/** A post's or a comment's text, whose tags are recorded. */
export type TaggedText = { kind: 'post'; id: string; created_at: string } | { kind: 'comment'; id: string };

/** Records a new text's tags (lower-cased), each with its order in the text. */
export async function addTags(trx: Db, text: TaggedText, tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return;
  if (text.kind === 'post') {
    await trx
      .insertInto('post_tags')
      .values(tags.map((tag, position) => ({ post_id: text.id, tag, created_at: text.created_at, position })))
      .execute();
    return;
  }
  await trx
    .insertInto('comment_tags')
    .values(tags.map((tag, position) => ({ comment_id: text.id, tag, position })))
    .execute();
}

/** Replaces the tags a text had with these. */
export async function replaceTags(trx: Db, text: TaggedText, tags: readonly string[]): Promise<void> {
  if (text.kind === 'post') await trx.deleteFrom('post_tags').where('post_id', '=', text.id).execute();
  else await trx.deleteFrom('comment_tags').where('comment_id', '=', text.id).execute();
  await addTags(trx, text, tags);
}

/**
 * The tags of these posts: one range of the tags' key per post. A tag written before migration 029
 * has no position until the backfill reaches its post.
 */
export function tagsOfPosts(
  db: Db,
  dialect: Dialect,
  postIds: readonly string[],
): Promise<{ text_id: string; tag: string; position: number | null }[]> {
  return loadInChunks(postIds, (chunk) =>
    db
      .selectFrom('post_tags')
      .modifyFront(preparedOnPostgres)
      .select(['post_id as text_id', 'tag', 'position'])
      .where(isOneOf(dialect, 'post_id', chunk))
      .execute(),
  );
}

/** The tags of these comments: one range of the tags' key per comment. */
export function tagsOfComments(
  db: Db,
  dialect: Dialect,
  commentIds: readonly string[],
): Promise<{ text_id: string; tag: string; position: number | null }[]> {
  return loadInChunks(commentIds, (chunk) =>
    db
      .selectFrom('comment_tags')
      .modifyFront(preparedOnPostgres)
      .select(['comment_id as text_id', 'tag', 'position'])
      .where(isOneOf(dialect, 'comment_id', chunk))
      .execute(),
  );
}

/**
 * A page of the posts with a tag, newest first: one range of the (tag, created_at, post_id) index.
 * A Mastodon app may bound it from below too (`newerThan`) and ask for the oldest of those first, and
 * ask for one author's posts (`authorId`: the tag's range, each post's author read by its key).
 */
export function taggedPage(
  db: Db,
  tag: string,
  after: TaggedKey | undefined,
  limit: number,
  {
    newerThan,
    oldestFirst,
    authorId,
  }: {
    newerThan?: TaggedKey | undefined;
    oldestFirst?: boolean | undefined;
    authorId?: string | undefined;
  } = {},
): Promise<{ post_id: string; created_at: string }[]> {
  let query = db
    .selectFrom('post_tags')
    .select(['post_tags.post_id as post_id', 'post_tags.created_at as created_at'])
    .where('tag', '=', tag);
  if (authorId !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('posts')
          .select('posts.id')
          .whereRef('posts.id', '=', 'post_tags.post_id')
          .where('posts.author_id', '=', authorId),
      ),
    );
  }
  if (after) {
    const [createdAt, postId] = after;
    query = query.where((eb) =>
      eb(eb.refTuple('post_tags.created_at', 'post_tags.post_id'), '<', eb.tuple(createdAt, postId)),
    );
  }
  if (newerThan) {
    const [createdAt, postId] = newerThan;
    query = query.where((eb) =>
      eb(eb.refTuple('post_tags.created_at', 'post_tags.post_id'), '>', eb.tuple(createdAt, postId)),
    );
  }
  const direction = oldestFirst ? 'asc' : 'desc';
  return query
    .orderBy('post_tags.created_at', direction)
    .orderBy('post_tags.post_id', direction)
    .limit(limit)
    .execute();
}

/** How much a tag was used on one day (UTC, `YYYY-MM-DD`): posts, and the people who wrote them. */
export interface TagDayUse {
  tag: string;
  day: string;
  uses: number;
  accounts: number;
}

/**
 * The tags most used since `since` (an ISO time), most posts first (then most authors, then by name):
 * the posts written since, a range of the posts' time index, each with its tags by key.
 */
export async function mostUsedTags(
  db: Db,
  options: { since: string; limit: number; offset: number },
): Promise<{ tag: string; uses: number; accounts: number }[]> {
  // A cross join keeps SQLite on that plan: joined, it reads every post_tags row in tag order instead
  // (to group without sorting), whatever the week holds. PostgreSQL plans it as the join it is.
  const rows = await db
    .selectFrom('posts')
    .crossJoin('post_tags')
    .select((eb) => [
      'post_tags.tag as tag',
      eb.fn.countAll<number | string>().as('uses'),
      eb.fn.count<number | string>('posts.author_id').distinct().as('accounts'),
    ])
    .whereRef('post_tags.post_id', '=', 'posts.id')
    .where('posts.created_at', '>=', options.since)
    .groupBy('post_tags.tag')
    .orderBy('uses', 'desc')
    .orderBy('accounts', 'desc')
    .orderBy('post_tags.tag')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  // PostgreSQL answers count() as a bigint, which arrives as text.
  return rows.map((row) => ({ tag: row.tag, uses: Number(row.uses), accounts: Number(row.accounts) }));
}

/** Each day's use of these tags since `since`: a range of the (tag, created_at) index per tag. */
export async function tagUsesByDay(
  db: Db,
  options: { tags: readonly string[]; since: string },
): Promise<TagDayUse[]> {
  if (options.tags.length === 0) return [];
  const day = sql<string>`substr(post_tags.created_at, 1, 10)`;
  const rows = await db
    .selectFrom('post_tags')
    .innerJoin('posts', 'posts.id', 'post_tags.post_id')
    .select((eb) => [
      'post_tags.tag as tag',
      day.as('day'),
      eb.fn.countAll<number | string>().as('uses'),
      eb.fn.count<number | string>('posts.author_id').distinct().as('accounts'),
    ])
    .where('post_tags.tag', 'in', options.tags)
    .where('post_tags.created_at', '>=', options.since)
    .groupBy(['post_tags.tag', day])
    .execute();
  return rows.map((row) => ({
    tag: row.tag,
    day: row.day,
    uses: Number(row.uses),
    accounts: Number(row.accounts),
  }));
}

/** Tags by how many posts have them, most first, then by name. */
export const tagsByUse = cursorKind('tags:uses', ['number', 'string']);

/**
 * A page of the tags some post has that start with `prefix`, most used first (then by name), with
 * their use counts: one range of the (tag, …) index, counted per tag. It reads every post_tags row in
 * the range, so it costs what the matching tags' posts number; a prefix is what a person typed.
 */
export async function tagsStartingWith(
  db: Db,
  prefix: string,
  after: CursorKey<typeof tagsByUse.shape> | undefined,
  limit: number,
): Promise<{ tag: string; uses: number }[]> {
  // Every tag that starts with the prefix sorts between it and it followed by the highest character.
  let query = db
    .selectFrom('post_tags')
    .select((eb) => ['tag', eb.fn.countAll<number | string>().as('uses')])
    .where('tag', '>=', prefix)
    .where('tag', '<', `${prefix}\u{10FFFF}`)
    .groupBy('tag');
  if (after) {
    const [uses, tag] = after;
    query = query.having((eb) =>
      eb.or([
        eb(eb.fn.countAll(), '<', uses),
        eb.and([eb(eb.fn.countAll(), '=', uses), eb('tag', '>', tag)]),
      ]),
    );
  }
  const rows = await query.orderBy('uses', 'desc').orderBy('tag').limit(limit).execute();
  // PostgreSQL answers count() as a bigint, which arrives as text.
  return rows.map((row) => ({ tag: row.tag, uses: Number(row.uses) }));
}
