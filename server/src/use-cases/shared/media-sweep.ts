import type { Deps } from './deps.js';
import * as media from '../../data/media.repo.js';

/** Deletes the files of removed rows, then the rows; a failure leaves both for the next sweep. */
export async function removeFiles(
  deps: Deps,
  records: readonly Pick<media.MediaRecord, 'id' | 'key' | 'extension'>[],
) {
  if (records.length === 0) return;
  await deps.media.store.remove(
    records.flatMap((record) => {
      const files = media.fileKeysOf(record);
      return [files.original, files.preview];
    }),
  );
  await media.deleteMediaRows(
    deps.db,
    records.map((record) => record.id),
  );
}

/** How long an upload may wait to be posted, or a deleted post's images to be posted again. */
export const unattachedKeepMs = 24 * 60 * 60 * 1000;

/**
 * The media sweep (a job, and right after a deletion): deletes the files of removed media, then their
 * rows; with `abandoned`, first marks removed the uploads nothing has shown for a day. An open
 * report's images are left (media.repo.ts's removedMedia) until it is resolved. How many it deleted.
 */
export async function sweepMedia(deps: Deps, input: { abandoned: boolean; batch?: number }): Promise<number> {
  const batch = input.batch ?? 200;
  if (input.abandoned) {
    const now = deps.clock.now();
    const unattachedBefore = new Date(now.getTime() - unattachedKeepMs).toISOString();
    await media.removeAbandoned(deps.db, { unattachedBefore, at: now.toISOString() });
  }
  let swept = 0;
  for (;;) {
    const found = await media.removedMedia(deps.db, batch);
    await removeFiles(deps, found);
    swept += found.length;
    if (found.length < batch) return swept;
  }
}

/**
 * Deletes the files a deletion just marked, so its answer comes when they are gone; a failure (the
 * store away) is the job's to retry.
 */
export const sweepMediaNow = (deps: Deps) => sweepMedia(deps, { abandoned: false }).catch(() => 0);
