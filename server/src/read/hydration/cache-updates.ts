import type { AnswerCaps } from '../../config.js';
import type { ReactionKind } from '../../data/schema.js';
import type * as comments from '../../data/comments.repo.js';
import type * as posts from '../../data/posts.repo.js';
import {
  estimateBytes,
  listLimit,
  mentionsNobody,
  newComment,
  postKey,
  postShapes,
  type HydratedPost,
  type PostCache,
} from './posts.js';

/**
 * What a write tells the post cache, so that its answer (and the next page) need not read the post's
 * lists again (decision 006). Only what is certain is written: an entry is brought forward only from
 * the exact version the write moved it from, and where the new lists cannot be known the entry is left
 * to go stale, to be read again at the new version.
 */

/**
 * After the viewer's own reaction moved a post by `steps` versions and nothing else did (the cached
 * entry is exactly `steps` behind), the cached lists are brought forward instead of read again: the
 * new reaction is the newest, so it joins its list only while the list is not full, and leaves the
 * other list. Where that cannot be known (a full list loses an entry), the entry is left to go stale.
 */
export function noteOwnReaction(
  cache: PostCache,
  caps: AnswerCaps,
  record: posts.PostRecord,
  viewerId: string,
  kind: ReactionKind,
  steps: number,
): void {
  for (const shape of postShapes) {
    const key = postKey(shape, record.id);
    const cached = cache.peek(key, record.version - steps);
    if (!cached) continue;
    const limit = listLimit(shape, caps);
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
    cache.set(key, record.version, post, estimateBytes(post, shape));
  }
}

/**
 * A post just written shows nothing but itself: it is cached at its first version with empty lists,
 * so its answer reads none. One with images or an @name is left to be read (its images and whom it
 * mentions are not in its record).
 */
export function noteNewPost(cache: PostCache, record: posts.PostRecord): void {
  if (record.media_count > 0 || !mentionsNobody(record.content)) return;
  const post: HydratedPost = { record, likers: [], dislikers: [], comments: [], media: [] };
  for (const shape of postShapes) {
    cache.set(postKey(shape, record.id), record.version, post, estimateBytes(post, shape));
  }
}

/**
 * After an edit of the post's own text (and sensitive flag) moved it by one version and nothing else
 * did (the cached entry is exactly one behind), the cached lists are brought forward with the new
 * record: an edit changes none of them (likers, dislikers, comments, images). An edit that changes an
 * image's alt text moves the post once more (describeMedia), which leaves this entry stale. A text
 * with an @name is read again, for whom it mentions now.
 */
export function noteEditedPost(cache: PostCache, record: posts.PostRecord): void {
  if (!mentionsNobody(record.content)) return;
  for (const shape of postShapes) {
    const key = postKey(shape, record.id);
    const cached = cache.peek(key, record.version - 1);
    if (!cached) continue;
    const { likers, dislikers, comments, media } = cached;
    const post: HydratedPost = { record, likers, dislikers, comments, media };
    cache.set(key, record.version, post, estimateBytes(post, shape));
  }
}

/**
 * After a comment was added and nothing else moved the post (the cached entry is exactly one version
 * behind), the cached lists are brought forward instead of read again. Lists are in conversation
 * order, so a comment written after the last one listed joins only a list with room; one that is
 * not (a clock set back) leaves the entry to go stale.
 */
export function noteNewComment(
  cache: PostCache,
  caps: AnswerCaps,
  record: posts.PostRecord,
  comment: comments.CommentRecord,
): void {
  // Its image and whom it mentions are not in its record: the post is read again.
  if (comment.media_count > 0 || !mentionsNobody(comment.text)) return;
  for (const shape of postShapes) {
    const key = postKey(shape, record.id);
    const cached = cache.peek(key, record.version - 1);
    if (!cached) continue;
    const last = cached.comments.at(-1);
    if (last && last.record.created_at >= comment.created_at) continue;
    const joins = cached.comments.length < listLimit(shape, caps);
    const post: HydratedPost = {
      ...cached,
      record,
      comments: joins ? [...cached.comments, newComment(comment)] : cached.comments,
    };
    cache.set(key, record.version, post, estimateBytes(post, shape));
  }
}
