import { randomBytes } from 'node:crypto';
import type { Focus } from '@sync/contract';
import type { Deps } from './deps.js';
import { commit, type Effects } from './commit.js';
import * as media from '../../data/media.repo.js';
import * as accounts from '../../data/accounts.repo.js';
import * as users from '../../data/users.repo.js';
import { ImageRefused, processImage, type ProcessedImage } from '../../platform/media/images.js';
import { newId } from '../../platform/db/ids.js';
import { mediaUrlsOf } from '../../read/hydration/media.js';
import { NotFound, TooLarge, Unacceptable } from './domain-errors.js';
import { removeFiles, sweepMedia, sweepMediaNow } from './media-sweep.js';
import { checkDescription, describeMedia, ownMedia } from './media-attachments.js';

/**
 * Uploads (docs/decisions/090): an image is checked and processed before anything is stored, its two
 * files are stored, then its row is written; a row's files are deleted before the row (the sweep), so a
 * row never names files that are gone, and files without a row are only ever the moment between.
 */

/** The bytes of an uploaded file, read within MEDIA_MAX_BYTES (the API refuses larger ones). */
export interface Upload {
  bytes: Buffer;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/** Random and unguessable: 144 bits, as base64url (no one finds a file by counting). */
const newKey = () => randomBytes(18).toString('base64url');

/** The image processor's refusal of an image, in its words: too many pixels are more than the server takes. */
function refusal(error: ImageRefused): TooLarge | Unacceptable {
  return error.reason === 'too-many-pixels' ? new TooLarge(error.message) : new Unacceptable(error.message);
}

/** Refuses an upload the account's quota cannot take; `adding` 0 checks only that some room is left. */
async function checkQuota(deps: Deps, db: Deps['db'], ownerId: string, adding: number): Promise<void> {
  const quota = deps.media.config.quotaBytes;
  if (quota === 0) return;
  const used = await media.bytesUsedBy(db, ownerId);
  const left = Math.max(0, quota - used);
  if (used + adding > quota || left === 0) {
    throw new TooLarge(
      `Your uploads would pass your ${megabytes(quota)} of storage: ${megabytes(left)} is left. Delete posts with images you no longer need, or upload a smaller file.`,
    );
  }
}

/** Processes an image in turn with the other uploads, then stores its two files. */
async function storeImage(
  deps: Deps,
  bytes: Buffer,
  crop?: { width: number; height: number },
): Promise<{ processed: ProcessedImage; key: string; bytes: number }> {
  let processed: ProcessedImage;
  try {
    processed = await deps.media.slots.run(() =>
      processImage(bytes, { maxPixels: deps.media.config.maxPixels, crop }),
    );
  } catch (error) {
    if (error instanceof ImageRefused) throw refusal(error);
    throw error;
  }
  const key = newKey();
  const files = media.fileKeysOf({ key, extension: processed.original.extension });
  await Promise.all([
    deps.media.store.put(files.original, processed.original.bytes, processed.original.contentType),
    deps.media.store.put(files.preview, processed.preview.bytes, 'image/webp'),
  ]);
  return { processed, key, bytes: processed.original.bytes.length + processed.preview.bytes.length };
}

/** `POST /api/media`, `POST /api/v2/media`: an image to attach to a post or a comment. */
export async function uploadMedia(
  deps: Deps,
  input: { viewerId: string; upload: Upload; description?: string | undefined; focus?: Focus | undefined },
): Promise<media.MediaRecord> {
  const description = checkDescription(input.description ?? '');
  await checkQuota(deps, deps.db, input.viewerId, 0);
  const stored = await storeImage(deps, input.upload.bytes);
  return recordImage(deps, {
    ownerId: input.viewerId,
    purpose: 'attachment',
    stored,
    description,
    focus: input.focus ?? { x: 0, y: 0 },
  });
}

/** Writes the row of stored files, or deletes the files when the row cannot be written (over quota). */
async function recordImage(
  deps: Deps,
  input: {
    ownerId: string;
    purpose: media.NewMedia['purpose'];
    stored: Awaited<ReturnType<typeof storeImage>>;
    description: string;
    focus: Focus;
  },
  alongside?: (trx: Deps['db'], record: media.MediaRecord, effects: Effects) => Promise<void>,
): Promise<media.MediaRecord> {
  const { processed, key, bytes } = input.stored;
  const now = deps.clock.now();
  try {
    return await commit(deps, async (trx, effects) => {
      // Checked again with the stored size: two uploads at once cannot both take the last megabytes.
      await checkQuota(deps, trx, input.ownerId, bytes);
      const record = await media.insertMedia(
        trx,
        media.newMediaRow({
          id: newId(now),
          ownerId: input.ownerId,
          purpose: input.purpose,
          key,
          image: processed,
          description: input.description,
          focus: input.focus,
          at: now.toISOString(),
        }),
      );
      await alongside?.(trx, record, effects);
      return record;
    });
  } catch (error) {
    const files = media.fileKeysOf({ key, extension: processed.original.extension });
    await deps.media.store.remove([files.original, files.preview]).catch(() => undefined);
    throw error;
  }
}

/** `GET /api/media/:id` */
export const getMedia = (deps: Deps, input: { viewerId: string; id: string }) =>
  ownMedia(deps, input.viewerId, input.id);

/** `PATCH /api/media/:id`, `PUT /api/v1/media/:id` */
export const updateMedia = describeMedia;

/** `DELETE /api/media/:id`: an upload not posted yet (a posted one goes with its post). */
export async function deleteMedia(deps: Deps, input: { viewerId: string; id: string }): Promise<void> {
  const record = await ownMedia(deps, input.viewerId, input.id);
  const at = deps.clock.now().toISOString();
  const removed = await media.removeUnattached(deps.db, { id: record.id, ownerId: input.viewerId, at });
  if (!removed) {
    throw new Unacceptable(
      'This image is part of a post or a comment: delete that (or edit it) to take the image off.',
    );
  }
  await removeFiles(deps, [record]);
}

export type ProfileImage = 'avatar' | 'header';

/**
 * Sets the viewer's avatar (cropped square, 400 px) or profile header (1500×500) from an upload; the one
 * it replaces is removed. The user as they are after.
 */
export async function setProfileImage(
  deps: Deps,
  input: { viewerId: string; purpose: ProfileImage; upload: Upload },
): Promise<users.UserRow> {
  await checkQuota(deps, deps.db, input.viewerId, 0);
  const crop = input.purpose === 'avatar' ? { width: 400, height: 400 } : { width: 1500, height: 500 };
  const stored = await storeImage(deps, input.upload.bytes, crop);
  let user: users.UserRow | undefined;
  await recordImage(
    deps,
    { ownerId: input.viewerId, purpose: input.purpose, stored, description: '', focus: { x: 0, y: 0 } },
    async (trx, record, effects) => {
      await media.removeProfileMedia(trx, {
        ownerId: input.viewerId,
        purpose: input.purpose,
        except: record.id,
        at: record.created_at,
      });
      user = await showProfileImage(trx, effects, {
        id: input.viewerId,
        purpose: input.purpose,
        url: mediaUrlsOf(deps.media.config.publicUrl, record).url,
        at: record.created_at,
      });
    },
  );
  await sweepMediaNow(deps);
  return user!;
}

/**
 * The account shows this avatar or header now (`url` empty: none), in the change's transaction, which
 * declares the account changed. The person as they are after.
 */
export async function showProfileImage(
  trx: Deps['db'],
  effects: Effects,
  input: Parameters<typeof accounts.setProfileImageUrl>[1],
): Promise<users.UserRow> {
  const user = await accounts.setProfileImageUrl(trx, input);
  await effects.accountChanged([input.id]);
  return user;
}

/** The media job: files of removed media, and of uploads nothing has shown for a day. */
export const sweepAbandonedMedia = (deps: Deps) => sweepMedia(deps, { abandoned: true });

/**
 * A file to serve, by its name: the original or the preview of an image something may still show
 * (removed media and a suspended owner's are not served).
 */
export async function fileToServe(deps: Deps, name: string): Promise<{ name: string; contentType: string }> {
  const match = /^([A-Za-z0-9_-]{10,40})\.(small\.webp|[a-z0-9]{2,5})$/.exec(name);
  const found = match ? await media.servableByKey(deps.db, match[1]!) : undefined;
  if (!found || !match) throw new NotFound({ thing: 'file', name });
  const files = media.fileKeysOf(found);
  if (name === files.preview) return { name, contentType: 'image/webp' };
  if (name === files.original) return { name, contentType: found.content_type };
  throw new NotFound({ thing: 'file', name });
}
