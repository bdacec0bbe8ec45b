import { encode as encodeBlurhash } from 'blurhash';
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { Db } from '../../server/src/data/database.js';
import type { CommentsTable, PostReactionsTable, PostTagsTable } from '../../server/src/data/schema.js';
import { newId } from '../../server/src/platform/db/ids.js';
import { Random } from './random.js';
import { randomText } from './text.js';

/**
 * Photos on the home feed (issue 27), measured as issue 26 measured blocks: against twins. The newest
 * page of the generated data set (the page the home feed scenario reads) is copied twice, at the old end
 * of the feed, before the first post: once as it is ("plain") and once with 1–4 images on every post
 * ("photos"). A twin keeps its source's author, text, reactions, comments, tag and mention; only its id
 * and time differ. Both pages are read through a cursor of the home feed (fixture.ts), so the feed with
 * images is held to the same page without them, while every other scenario reads what it read before
 * (its pages are newer, the profile and search lists newest first).
 *
 * The media rows are written directly, with an upload's widths, heights, blurhash, alt text and sizes;
 * no file exists, and none is needed: a page names its images, and images are static files.
 *
 * Laid out oldest first: one filler post (so the photos page, like the plain page, has a row after it and
 * a next cursor), the photos twins, the plain twins, then the data set's own posts.
 */
export const photoTwinsPerPage = 20;

/** Seconds between two twins; each block ends an hour before the next one begins. */
const twinSpacingSeconds = 60;

/** Phone photos as the server stores them: the original at most 3840×2160, a WebP preview 640 wide. */
const shapes = [
  { width: 2880, height: 2160, previewHeight: 480 }, // 4:3 landscape (most phone photos)
  { width: 1620, height: 2160, previewHeight: 853 }, // 3:4 portrait
  { width: 3840, height: 2160, previewHeight: 360 }, // 16:9
  { width: 2160, height: 2160, previewHeight: 640 }, // square
] as const;

/** Images per post, weighted: one is the most common, four (Mastodon's and Sync's limit) the least. */
const imageCounts = [1, 1, 1, 1, 2, 2, 3, 4] as const;

/** The data set's newest posts (the home feed's first page) and what a copy of them takes along. */
export interface SourcePage {
  posts: { id: string; author_id: string; content: string; like_count: number; comment_count: number }[];
  reactions: Selectable<PostReactionsTable>[];
  comments: Pick<
    Selectable<CommentsTable>,
    'post_id' | 'author_id' | 'text' | 'reply_to_id' | 'created_at' | 'updated_at'
  >[];
  tags: Selectable<PostTagsTable>[];
  mentions: { post_id: string | null; user_id: string; created_at: string }[];
}

/** The newest `count` posts of the data set, with their reactions, comments, tags and mentions. */
export async function newestPage(db: Db, count = photoTwinsPerPage): Promise<SourcePage> {
  const posts = await db
    .selectFrom('posts')
    .select(['id', 'author_id', 'content', 'like_count', 'comment_count'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
  const sourceIds = posts.map((source) => source.id);
  return {
    posts,
    reactions: await db.selectFrom('post_reactions').selectAll().where('post_id', 'in', sourceIds).execute(),
    comments: await db
      .selectFrom('comments')
      .select(['post_id', 'author_id', 'text', 'reply_to_id', 'created_at', 'updated_at'])
      .where('post_id', 'in', sourceIds)
      .execute(),
    tags: await db.selectFrom('post_tags').selectAll().where('post_id', 'in', sourceIds).execute(),
    mentions: await db
      .selectFrom('mentions')
      .select(['post_id', 'user_id', 'created_at'])
      .where('post_id', 'in', sourceIds)
      .where('comment_id', 'is', null)
      .execute(),
  };
}

/**
 * Writes a copy of `source` at `at` by `authorId`: its text, like and comment counts, reactions,
 * comments, tag and mention (its images are the caller's). Returns the copy's id, a UUIDv7 of `at`.
 */
export async function copyPost(
  db: Db,
  page: SourcePage,
  source: SourcePage['posts'][number],
  copy: { at: Date; authorId: string; mediaCount: number },
): Promise<string> {
  const created = copy.at.toISOString();
  const id = newId(copy.at);
  await db
    .insertInto('posts')
    .values({
      id,
      author_id: copy.authorId,
      content: source.content,
      like_count: source.like_count,
      comment_count: source.comment_count,
      media_count: copy.mediaCount,
      created_at: created,
      updated_at: created,
    })
    .execute();
  const own = page.reactions.filter((row) => row.post_id === source.id);
  if (own.length > 0)
    await db
      .insertInto('post_reactions')
      .values(own.map((row) => ({ ...row, post_id: id })))
      .execute();
  for (const comment of page.comments.filter((row) => row.post_id === source.id))
    await db
      .insertInto('comments')
      .values({ ...comment, id: newId(new Date(comment.created_at)), post_id: id })
      .execute();
  for (const tag of page.tags.filter((row) => row.post_id === source.id))
    await db
      .insertInto('post_tags')
      .values({ ...tag, post_id: id, created_at: created })
      .execute();
  for (const mention of page.mentions.filter((row) => row.post_id === source.id))
    await db
      .insertInto('mentions')
      .values({ ...mention, source_id: id, post_id: id, comment_id: null, created_at: created })
      .execute();
  return id;
}

export interface PhotoTwinsReport {
  posts: number;
  media: number;
  seconds: number;
}

/**
 * Adds the twins to a generated data set (indexes in place: a few hundred rows). Ids are UUIDv7 of the
 * twins' times, so the feed's order (created_at, id) is the order of the times.
 */
export async function addPhotoTwins(db: Db, seed: number): Promise<PhotoTwinsReport> {
  const startedAt = performance.now();
  const random = new Random(seed ^ 0x9e3779b9);
  const page = await newestPage(db);
  const sources = page.posts;
  const oldest = await db
    .selectFrom('posts')
    .select('created_at')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirstOrThrow();
  const firstPostAt = Date.parse(oldest.created_at);
  const blockMs = (photoTwinsPerPage + 60) * twinSpacingSeconds * 1000;
  /** Source i (0 the newest) in a block ending `blocksBefore` blocks before the first post. */
  const timeOf = (blocksBefore: number, i: number) =>
    firstPostAt - blocksBefore * blockMs + (photoTwinsPerPage - i) * twinSpacingSeconds * 1000;

  let postCount = 0;
  let mediaCount = 0;
  /** One copy of every source post, at `blocksBefore`; with images when `photos`. */
  const copyPage = async (blocksBefore: number, photos: boolean) => {
    for (const [i, source] of sources.entries()) {
      const at = new Date(timeOf(blocksBefore, i));
      const created = at.toISOString();
      const images = photos ? random.pick(imageCounts) : 0;
      const id = await copyPost(db, page, source, { at, authorId: source.author_id, mediaCount: images });
      postCount++;
      for (let position = 0; position < images; position++) {
        await db
          .insertInto('media')
          .values(photoRow(random, { ownerId: source.author_id, postId: id, position, createdAt: created }))
          .execute();
        mediaCount++;
      }
    }
  };
  // A filler post (a copy of the oldest source) ends the feed after the photos, so both pages have a
  // row after them, as any page of a long feed has.
  const filler = sources.at(-1)!;
  const fillerAt = new Date(timeOf(3, 0));
  await db
    .insertInto('posts')
    .values({
      id: newId(fillerAt),
      author_id: filler.author_id,
      content: filler.content,
      created_at: fillerAt.toISOString(),
      updated_at: fillerAt.toISOString(),
    })
    .execute();
  postCount++;
  await copyPage(2, true);
  await copyPage(1, false);
  await sql`ANALYZE media`.execute(db);
  return { posts: postCount, media: mediaCount, seconds: (performance.now() - startedAt) / 1000 };
}

function photoRow(
  random: Random,
  where: { ownerId: string; postId: string; position: number; createdAt: string },
) {
  const shape = random.pick(shapes);
  const previewBytes = Math.round(random.between(25_000, 70_000));
  return {
    id: newId(new Date(where.createdAt)),
    owner_id: where.ownerId,
    purpose: 'attachment' as const,
    post_id: where.postId,
    comment_id: null,
    position: where.position,
    key: randomKey(random),
    content_type: 'image/jpeg',
    extension: 'jpg',
    width: shape.width,
    height: shape.height,
    preview_width: 640,
    preview_height: shape.previewHeight,
    blurhash: randomBlurhash(random),
    // Most people describe their photos when reminded to; some do not.
    description: random.next() < 0.75 ? randomText(random, 40, 300) : '',
    focus_x: 0,
    focus_y: 0,
    animated: 0,
    // A phone photo re-encoded at quality 88, about 0.3 bytes a pixel, and its preview.
    bytes: Math.round(shape.width * shape.height * random.between(0.25, 0.4)) + previewBytes,
    created_at: where.createdAt,
    unattached_since: null,
    removed_at: null,
  };
}

/** As the server makes them: 18 random bytes, base64url (24 characters). */
function randomKey(random: Random): string {
  const bytes = Buffer.alloc(18);
  for (let i = 0; i < bytes.length; i++) bytes[i] = random.below(256);
  return bytes.toString('base64url');
}

/** A real blurhash (4×3 components, as the server's) of a small picture of smooth random colours. */
function randomBlurhash(random: Random): string {
  const [width, height] = [32, 24];
  const corners = Array.from({ length: 4 }, () => [0, 1, 2].map(() => random.below(256)));
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [u, v] = [x / (width - 1), y / (height - 1)];
      for (let channel = 0; channel < 3; channel++) {
        const top = corners[0]![channel]! * (1 - u) + corners[1]![channel]! * u;
        const bottom = corners[2]![channel]! * (1 - u) + corners[3]![channel]! * u;
        pixels[(y * width + x) * 4 + channel] = top * (1 - v) + bottom * v + random.between(-12, 12);
      }
      pixels[(y * width + x) * 4 + 3] = 255;
    }
  }
  return encodeBlurhash(pixels, width, height, 4, 3);
}
