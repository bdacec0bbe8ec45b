import { mentionedUsernames } from '@sync/contract';
import type { AnswerCaps } from '../../config.js';
import type { Db, Dialect } from '../../data/database.js';
import { groupBy } from '../../platform/db/chunks.js';
import * as comments from '../../data/comments.repo.js';
import * as posts from '../../data/posts.repo.js';
import type { PostRef } from '../../data/post-ref.js';
import { VersionedCache } from './post-cache.js';
import type { KeywordMatch } from '../rules/keyword-match.js';
import * as media from '../../data/media.repo.js';
import { mentionsOfSources } from '../../data/text-entities.repo.js';
import { hydrateMedia, type HydratedMedia } from './media.js';

/**
 * Hydrated posts: a post's record and the ids of its first likers, dislikers, comments and their voters,
 * loaded in a fixed number of batched queries whatever the number of posts, and cached by (shape, id)
 * while their version is current (post-cache.ts). They hold ids, not people (people.ts), and nothing of
 * the viewer's (viewer-marks.ts). What a write tells this cache is in cache-updates.ts.
 */

/**
 * The viewer's `warn` keyword filters that matched a post or a comment. Set by the rules stage on the
 * viewer's own copy (visible.ts), never on what the post cache holds.
 */
interface Filtered {
  filtered?: readonly KeywordMatch[];
}

/**
 * Whom a text mentions: the ids its `mentions` rows name, resolved when it was written (an edit makes
 * a new version). Absent when it mentions nobody. An account deleted since is still listed: it is
 * left out where the people are read, so its @name shows as text.
 */
interface Mentioning {
  mentioned?: readonly string[];
}

/** A comment with its first voters, capped at the answer caps' `nested` (a comment is always listed). */
export type HydratedComment = comments.CommentWithVoters &
  Filtered &
  Mentioning & {
    /** Its image, when it has one. */
    media?: readonly HydratedMedia[];
  };

export interface HydratedPost extends Filtered, Mentioning {
  record: posts.PostRecord;
  likers: string[];
  dislikers: string[];
  comments: HydratedComment[];
  /** Its images in their order; empty when it has none. */
  media: readonly HydratedMedia[];
}

/** The posts and comments an answer shows. */
export interface Shown {
  posts?: readonly HydratedPost[];
  comments?: readonly HydratedComment[];
}

/**
 * How many likers, dislikers and comments of a post are shown: a page of a paginated list shows the
 * first few ('preview'); a post in one of the spec's unpaginated lists, up to the nested cap ('listed');
 * the one post an answer is about, up to the entries cap ('full').
 */
export type PostShape = 'preview' | 'listed' | 'full';
export const postShapes: readonly PostShape[] = ['preview', 'listed', 'full'];

const previewSize = 3;

export function listLimit(shape: PostShape, caps: AnswerCaps): number {
  if (shape === 'preview') return previewSize;
  return shape === 'listed' ? caps.nested : caps.entries;
}

/** The post cache's key of a post in a shape: one spelling for the reads and the updates. */
export const postKey = (shape: PostShape, id: string) => `${shape}:${id}`;

export type PostCache = VersionedCache<HydratedPost>;

/**
 * Whether a text just written can be shown without reading anything: one with an @name has mentions,
 * resolved in its transaction, to read.
 */
export const mentionsNobody = (text: string): boolean => mentionedUsernames(text).length === 0;

/** A comment just written whose text mentions nobody: nobody has voted on it yet. */
export const newComment = (record: comments.CommentRecord): HydratedComment => ({
  record,
  upvoters: [],
  downvoters: [],
});

/** Where uploaded files are served (MEDIA_PUBLIC_URL), unless the app says otherwise. */
const defaultMediaPublicUrl = '/media';

export class PostHydrator {
  readonly cache: PostCache;

  private readonly mediaOf: (record: media.MediaRecord) => HydratedMedia;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly caps: AnswerCaps,
    cacheBytes: number,
    mediaPublicUrl = defaultMediaPublicUrl,
  ) {
    this.cache = new VersionedCache(cacheBytes);
    this.mediaOf = hydrateMedia(mediaPublicUrl);
  }

  /**
   * Posts of a skeleton, in its order, each from the cache when its version is current. A skeleton
   * entry may be a whole record (a change's answer already holds it): it is then not read again.
   * Posts deleted since the skeleton was read are left out.
   */
  async posts(refs: readonly (PostRef | posts.PostRecord)[], shape: PostShape): Promise<HydratedPost[]> {
    const found = new Map<string, HydratedPost>();
    const missing: (PostRef | posts.PostRecord)[] = [];
    for (const ref of refs) {
      const cached = this.cache.get(postKey(shape, ref.id), ref.version);
      if (cached) found.set(ref.id, cached);
      else missing.push(ref);
    }
    if (missing.length > 0) {
      for (const post of await this.load(missing, shape)) {
        found.set(post.record.id, post);
        this.cache.set(postKey(shape, post.record.id), post.record.version, post, estimateBytes(post, shape));
      }
    }
    return refs.flatMap((ref) => found.get(ref.id) ?? []);
  }

  /** Comments with their first voters (a comment change's answer, notifications). */
  async comments(records: readonly comments.CommentRecord[]): Promise<HydratedComment[]> {
    return this.withMediaAndMentions(
      await comments.withFirstVoters(this.db, this.dialect, records, this.caps.nested),
    );
  }

  /**
   * Whom these texts mention, by the id of their post or comment: one query for those with an @name
   * (only they can have mentions), none when no text has one.
   */
  private async mentionsOf(texts: readonly { id: string; text: string }[]): Promise<Map<string, string[]>> {
    const ids = texts.filter(({ text }) => !mentionsNobody(text)).map(({ id }) => id);
    if (ids.length === 0) return new Map();
    const rows = await mentionsOfSources(this.db, this.dialect, ids);
    return new Map(
      [...groupBy(rows, (row) => row.source_id)].map(([id, own]) => [id, own.map((row) => row.user_id)]),
    );
  }

  /** A page of a post's comments with their first voters. */
  async commentPage(page: Parameters<typeof comments.commentPageWithVoters>[2]): Promise<HydratedComment[]> {
    return this.withMediaAndMentions(
      await comments.commentPageWithVoters(this.db, this.dialect, page, this.caps.nested),
    );
  }

  /** Images are looked for only under the comments that have some (most have none); mentions likewise. */
  private async withMediaAndMentions(list: comments.CommentWithVoters[]): Promise<HydratedComment[]> {
    const ids = list.filter((comment) => comment.record.media_count > 0).map((comment) => comment.record.id);
    const [images, mentions] = await Promise.all([
      ids.length === 0 ? [] : media.mediaOfComments(this.db, this.dialect, ids),
      this.mentionsOf(list.map(({ record }) => ({ id: record.id, text: record.text }))),
    ]);
    const byComment = groupBy(images, (row) => row.comment_id);
    return list.map((comment) => {
      const own = byComment.get(comment.record.id);
      const mentioned = mentions.get(comment.record.id);
      if (!own && !mentioned) return comment;
      return { ...comment, ...(own && { media: own.map(this.mediaOf) }), ...(mentioned && { mentioned }) };
    });
  }

  /** The images of the posts that have some, by post. */
  private async postMedia(
    records: readonly posts.PostRecord[],
  ): Promise<Map<string | null, media.MediaRecord[]>> {
    const ids = records.filter((record) => record.media_count > 0).map((record) => record.id);
    if (ids.length === 0) return new Map();
    return groupBy(await media.mediaOfPosts(this.db, this.dialect, ids), (row) => row.post_id);
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
    const limit = listLimit(shape, this.caps);
    // Counts are exact: comments are read only under the posts that have some. Reactions are read
    // under every post, since no count says whether a post without likes has dislikes.
    const commented = records.filter((record) => record.comment_count > 0).map((record) => record.id);
    const [reactors, commentRecords, mediaByPost, mentions] = await Promise.all([
      posts.firstReactors(this.db, this.dialect, ids, limit),
      comments.firstComments(this.db, this.dialect, commented, limit),
      this.postMedia(records),
      this.mentionsOf(records.map((record) => ({ id: record.id, text: record.content }))),
    ]);
    const hydratedComments = groupBy(
      await this.comments(commentRecords),
      (comment) => comment.record.post_id,
    );
    const reactorsByPost = groupBy(reactors, (reactor) => reactor.post_id);
    return records.map((record) => {
      const own = reactorsByPost.get(record.id) ?? [];
      const mentioned = mentions.get(record.id);
      return {
        ...(mentioned && { mentioned }),
        record,
        likers: own.filter((reactor) => reactor.kind === 'like').map((reactor) => reactor.user_id),
        dislikers: own.filter((reactor) => reactor.kind === 'dislike').map((reactor) => reactor.user_id),
        comments: hydratedComments.get(record.id) ?? [],
        media: (mediaByPost.get(record.id) ?? []).map(this.mediaOf),
      };
    });
  }
}

/**
 * Roughly what a hydrated post holds in memory, for the cache's bound: its objects and strings, and for
 * a preview the JSON text the views keep beside it while it is cached (`views/sync/posts.ts`). Calibrated with
 * the heap (`--expose-gc`, the bench's 10,000 posts, the cache filled then emptied): a preview held about
 * 2.1 KB and a whole post with its lists about 8.4 KB, where an estimate without the text and with a
 * smaller base had counted 1.1 and 7.8 KB: previews held about twice their share of POST_CACHE_MB.
 */
export function estimateBytes(post: HydratedPost, shape: PostShape): number {
  const idBytes = 90;
  const people = post.likers.length + post.dislikers.length;
  const mediaBytes = post.media.reduce((sum, image) => sum + 700 + image.record.description.length * 2, 0);
  let bytes = 900 + post.record.content.length * 2 + people * idBytes + mediaBytes;
  let textBytes = 150 + post.record.content.length + people * 120 + mediaBytes / 2;
  for (const comment of post.comments) {
    bytes += 300 + comment.record.text.length * 2;
    bytes += (comment.upvoters.length + comment.downvoters.length) * idBytes;
    textBytes += 250 + comment.record.text.length;
  }
  return shape === 'preview' ? bytes + textBytes : bytes;
}
