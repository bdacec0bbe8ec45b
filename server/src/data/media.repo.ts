import type { Selectable } from 'kysely';
import { withinWindow } from '../platform/db/keyset.js';
import type { Db, Dialect } from './database.js';
import { isOneOf, loadInChunks } from '../platform/db/chunks.js';
import { hasNul } from '../platform/db/nul.js';
import type { MediaPurpose, MediaTable } from './schema.js';
import type { ProcessedImage } from '../platform/media/images.js';

/**
 * The `media` table: uploaded images, what shows them, and the files to delete. The files themselves
 * are the media store's (platform/media); a row names them by its `key`.
 */

export type MediaRecord = Selectable<MediaTable>;

const mediaColumns = [
  'id',
  'owner_id',
  'purpose',
  'post_id',
  'comment_id',
  'position',
  'key',
  'content_type',
  'extension',
  'width',
  'height',
  'preview_width',
  'preview_height',
  'blurhash',
  'description',
  'focus_x',
  'focus_y',
  'animated',
  'bytes',
  'created_at',
  'unattached_since',
  'removed_at',
] as const satisfies readonly (keyof MediaRecord)[];

/** The names of a media row's two files in the store. */
export const fileKeysOf = (media: Pick<MediaRecord, 'key' | 'extension'>) => ({
  original: `${media.key}.${media.extension}`,
  preview: `${media.key}.small.webp`,
});

export type NewMedia = Omit<
  MediaRecord,
  'post_id' | 'comment_id' | 'position' | 'unattached_since' | 'removed_at'
>;

/** The row of a processed image, stored under `key`. */
export function newMediaRow(input: {
  id: string;
  ownerId: string;
  purpose: MediaPurpose;
  key: string;
  image: ProcessedImage;
  description: string;
  focus: { x: number; y: number };
  at: string;
}): NewMedia {
  const { image } = input;
  return {
    id: input.id,
    owner_id: input.ownerId,
    purpose: input.purpose,
    key: input.key,
    content_type: image.original.contentType,
    extension: image.original.extension,
    width: image.original.width,
    height: image.original.height,
    preview_width: image.preview.width,
    preview_height: image.preview.height,
    blurhash: image.blurhash,
    description: input.description,
    focus_x: input.focus.x,
    focus_y: input.focus.y,
    animated: image.animated ? 1 : 0,
    bytes: image.original.bytes.length + image.preview.bytes.length,
    created_at: input.at,
  };
}

/** A new upload, shown by nothing yet (an avatar or a header is attached to its owner at once). */
export function insertMedia(db: Db, row: NewMedia): Promise<MediaRecord> {
  return db
    .insertInto('media')
    .values({ ...row, unattached_since: row.purpose === 'attachment' ? row.created_at : null })
    .returning(mediaColumns)
    .executeTakeFirstOrThrow();
}

/** A media row that is not removed. */
export function findMedia(db: Db, id: string): Promise<MediaRecord | undefined> {
  if (hasNul(id)) return Promise.resolve(undefined);
  return db
    .selectFrom('media')
    .select(mediaColumns)
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/**
 * What serving a file needs to know of it, by the key its name starts with: undefined when nothing may
 * show it any more (removed, or its owner suspended: their media goes with their posts).
 */
export async function servableByKey(
  db: Db,
  key: string,
): Promise<Pick<MediaRecord, 'key' | 'extension' | 'content_type'> | undefined> {
  if (hasNul(key)) return undefined;
  return db
    .selectFrom('media')
    .leftJoin('accounts', 'accounts.id', 'media.owner_id')
    .select(['media.key', 'media.extension', 'media.content_type'])
    .where('media.key', '=', key)
    .where('media.removed_at', 'is', null)
    .where('accounts.suspended_at', 'is', null)
    .executeTakeFirst();
}

export function updateMedia(
  db: Db,
  id: string,
  changes: Partial<Pick<MediaRecord, 'description' | 'focus_x' | 'focus_y'>>,
): Promise<MediaRecord | undefined> {
  return db
    .updateTable('media')
    .set(changes)
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .returning(mediaColumns)
    .executeTakeFirst();
}

/** What an account's media takes in the store, removed files apart. */
export async function bytesUsedBy(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('media')
    .select((eb) => eb.fn.sum<number | string | null>('bytes').as('total'))
    .where('owner_id', '=', ownerId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * Attaches the owner's unattached uploads to a post or a comment, in the given order. The ids attached;
 * the caller refuses the write when one is missing (someone else's, attached already, removed).
 */
export async function attachMedia(
  trx: Db,
  input: {
    ids: readonly string[];
    ownerId: string;
    to: { post_id: string } | { comment_id: string };
    /** An edit's post, whose own images it may show again (in a new order). */
    keepingOf?: string | undefined;
  },
): Promise<string[]> {
  const attached: string[] = [];
  const { keepingOf } = input;
  for (const [position, id] of input.ids.entries()) {
    const row = await trx
      .updateTable('media')
      .set({ ...input.to, position, unattached_since: null })
      .where('id', '=', id)
      .where('owner_id', '=', input.ownerId)
      .where('purpose', '=', 'attachment')
      .where((eb) =>
        keepingOf === undefined
          ? eb('unattached_since', 'is not', null)
          : eb.or([eb('unattached_since', 'is not', null), eb('post_id', '=', keepingOf)]),
      )
      .where('removed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (row) attached.push(row.id);
  }
  return attached;
}

/** The media of these posts, each post's in its order. */
export function mediaOfPosts(db: Db, dialect: Dialect, postIds: readonly string[]): Promise<MediaRecord[]> {
  return loadInChunks(postIds, (chunk) =>
    db
      .selectFrom('media')
      .select(mediaColumns)
      .where(isOneOf(dialect, 'post_id', chunk))
      .where('removed_at', 'is', null)
      .orderBy('post_id')
      .orderBy('position')
      .execute(),
  );
}

export function mediaOfComments(
  db: Db,
  dialect: Dialect,
  commentIds: readonly string[],
): Promise<MediaRecord[]> {
  return loadInChunks(commentIds, (chunk) =>
    db
      .selectFrom('media')
      .select(mediaColumns)
      .where(isOneOf(dialect, 'comment_id', chunk))
      .where('removed_at', 'is', null)
      .orderBy('comment_id')
      .orderBy('position')
      .execute(),
  );
}

const commentsOfPost = (trx: Db, postId: string) =>
  trx.selectFrom('comments').select('comments.id').where('comments.post_id', '=', postId);

/**
 * A post about to be deleted: its comments' media are to be removed, and its own too, or, `keep` (a
 * Mastodon app's delete-and-redraft), let go of for a day so a new post can take them again.
 */
export async function releaseMediaOfPost(
  trx: Db,
  input: { postId: string; at: string; keepForRedraft: boolean },
): Promise<void> {
  await trx
    .updateTable('media')
    .set({ removed_at: input.at })
    .where('comment_id', 'in', commentsOfPost(trx, input.postId))
    .where('removed_at', 'is', null)
    .execute();
  await trx
    .updateTable('media')
    .set(input.keepForRedraft ? { unattached_since: input.at, post_id: null } : { removed_at: input.at })
    .where('post_id', '=', input.postId)
    .where('removed_at', 'is', null)
    .execute();
}

/**
 * The images an edit took off a post (all of its images but `keep`): unattached, as a deleted post's
 * kept for a redraft, so the sweep deletes their files a day later unless posted again meanwhile.
 */
export async function releaseMediaOfPostExcept(
  trx: Db,
  input: { postId: string; keep: readonly string[]; at: string },
): Promise<void> {
  let released = trx
    .updateTable('media')
    .set({ unattached_since: input.at, post_id: null })
    .where('post_id', '=', input.postId)
    .where('removed_at', 'is', null);
  // At most the per-post limit of ids: one `IN` list.
  if (input.keep.length > 0) released = released.where('id', 'not in', input.keep);
  await released.execute();
}

/** A comment about to be deleted: its image is to be removed. */
export async function removeMediaOfComment(trx: Db, commentId: string, at: string): Promise<void> {
  await trx
    .updateTable('media')
    .set({ removed_at: at })
    .where('comment_id', '=', commentId)
    .where('removed_at', 'is', null)
    .execute();
}

/** An account about to be deleted or purged: everything it uploaded is to be removed. */
export async function removeMediaOfOwner(trx: Db, ownerId: string, at: string): Promise<void> {
  await trx
    .updateTable('media')
    .set({ removed_at: at })
    .where('owner_id', '=', ownerId)
    .where('removed_at', 'is', null)
    .execute();
}

/** The avatar or header the owner had: replaced or taken off, it is to be removed. */
export async function removeProfileMedia(
  trx: Db,
  input: { ownerId: string; purpose: Exclude<MediaPurpose, 'attachment'>; except?: string; at: string },
): Promise<void> {
  let query = trx
    .updateTable('media')
    .set({ removed_at: input.at })
    .where('owner_id', '=', input.ownerId)
    .where('purpose', '=', input.purpose)
    .where('removed_at', 'is', null);
  if (input.except) query = query.where('id', '!=', input.except);
  await query.execute();
}

/** Deletes an unattached upload of its owner's; false when it is attached, someone else's or gone. */
export async function removeUnattached(trx: Db, input: { id: string; ownerId: string; at: string }) {
  const row = await trx
    .updateTable('media')
    .set({ removed_at: input.at })
    .where('id', '=', input.id)
    .where('owner_id', '=', input.ownerId)
    .where('unattached_since', 'is not', null)
    .where('removed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

type SweptMedia = Pick<MediaRecord, 'id' | 'key' | 'extension'>;

/**
 * Media marked removed, whose files are to be deleted; but not an image of a post or comment an open
 * report is about: its files stay for the moderators until the report is resolved (`report_media`).
 */
export function removedMedia(db: Db, limit: number): Promise<SweptMedia[]> {
  return db
    .selectFrom('media')
    .select(['media.id', 'media.key', 'media.extension'])
    .where('removed_at', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('report_media')
            .innerJoin('reports', 'reports.id', 'report_media.report_id')
            .select('report_media.media_id')
            .whereRef('report_media.media_id', '=', 'media.id')
            .where('reports.resolved_at', 'is', null),
        ),
      ),
    )
    .limit(limit)
    .execute();
}

/**
 * Marks removed the media nothing will show: uploads unattached since before `unattachedBefore`, and
 * rows whose owner or post went without marking them (a safety net: every deletion marks them
 * removed). From then on they are not served, and the sweep deletes their files (removedMedia), unless
 * an open report holds them.
 */
export async function removeAbandoned(
  trx: Db,
  input: { unattachedBefore: string; at: string },
): Promise<void> {
  await trx
    .updateTable('media')
    .set({ removed_at: input.at })
    .where('removed_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('unattached_since', '<', input.unattachedBefore),
        eb('owner_id', 'is', null),
        eb.and([
          eb('purpose', '=', 'attachment'),
          eb('unattached_since', 'is', null),
          eb('post_id', 'is', null),
          eb('comment_id', 'is', null),
        ]),
      ]),
    )
    .execute();
}

/** Rows whose files are gone from the store. */
export async function deleteMediaRows(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('media')
    .where('id', 'in', [...ids])
    .execute();
}

/** The post a comment's image shows under (its edits move that post's version). */
export async function postOfComment(db: Db, commentId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('comments')
    .select('post_id')
    .where('id', '=', commentId)
    .executeTakeFirst();
  return row?.post_id;
}

/** One page of the media an account uploaded and has not removed, the oldest first, after the row given. */
export function mediaOfOwnerPage(
  db: Db,
  ownerId: string,
  after: MediaRecord | undefined,
  limit: number,
): Promise<MediaRecord[]> {
  const query = db
    .selectFrom('media')
    .select(mediaColumns)
    .where('owner_id', '=', ownerId)
    .where('removed_at', 'is', null);
  return withinWindow(query, ['created_at', 'id'], {
    newerThan: after ? [after.created_at, after.id] : undefined,
    oldestFirst: true,
    limit,
  }).execute();
}
