import type { Db } from './database.js';
import { cursorKind, type CursorKey } from '../platform/db/keyset.js';

/** The `mentions` and `post_tags` tables: what post and comment text refers to. */

export const newestTagged = cursorKind('tag', ['string', 'string']);
type TaggedKey = CursorKey<typeof newestTagged.shape>;

/** The users a post or comment mentions now. */
export async function mentionedBy(trx: Db, sourceId: string): Promise<string[]> {
  const rows = await trx.selectFrom('mentions').select('user_id').where('source_id', '=', sourceId).execute();
  return rows.map((row) => row.user_id);
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

/** Sets a post's tags (lower-cased), replacing those it had. */
export async function setPostTags(
  trx: Db,
  post: { id: string; created_at: string },
  tags: readonly string[],
  options: { isNew: boolean },
): Promise<void> {
  if (!options.isNew) await trx.deleteFrom('post_tags').where('post_id', '=', post.id).execute();
  if (tags.length === 0) return;
  await trx
    .insertInto('post_tags')
    .values(tags.map((tag) => ({ post_id: post.id, tag, created_at: post.created_at })))
    .execute();
}

/**
 * A page of the posts with a tag, newest first: one range of the (tag, created_at, post_id) index.
 * A Mastodon app may bound it from below too (`newerThan`) and ask for the oldest of those first.
 */
export function taggedPage(
  db: Db,
  tag: string,
  after: TaggedKey | undefined,
  limit: number,
  { newerThan, oldestFirst }: { newerThan?: TaggedKey | undefined; oldestFirst?: boolean | undefined } = {},
): Promise<{ post_id: string; created_at: string }[]> {
  let query = db.selectFrom('post_tags').select(['post_id', 'created_at']).where('tag', '=', tag);
  if (after) {
    const [createdAt, postId] = after;
    query = query.where((eb) => eb(eb.refTuple('created_at', 'post_id'), '<', eb.tuple(createdAt, postId)));
  }
  if (newerThan) {
    const [createdAt, postId] = newerThan;
    query = query.where((eb) => eb(eb.refTuple('created_at', 'post_id'), '>', eb.tuple(createdAt, postId)));
  }
  const direction = oldestFirst ? 'asc' : 'desc';
  return query.orderBy('created_at', direction).orderBy('post_id', direction).limit(limit).execute();
}
