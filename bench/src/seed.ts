import { hash } from '@node-rs/argon2';
import { benchPassword, generateDataset, type DatasetSize, type TableTiming } from './dataset.js';
import {
  openServerDatabase,
  openSink,
  prepareEmptyDatabase,
  type DatabaseTarget,
} from './database-target.js';
import { addPhotoTwins, type PhotoTwinsReport } from './photo-twins.js';
import { addRepostTwins, type RepostTwinsReport } from './repost-twins.js';

export interface SeedOptions {
  force: boolean;
  /** Drop secondary indexes during the load and build them once at the end (faster on both dialects). */
  dropIndexes: boolean;
  seed: number;
}

export interface SeedReport {
  tables: TableTiming[];
  indexSeconds: number;
  /** The home feed's first page copied twice, with and without images (photo-twins.ts). */
  photoTwins: PhotoTwinsReport;
  /** The Following timeline's page of 20 posts, for a follower of their authors and of reposters (repost-twins.ts). */
  repostTwins: RepostTwinsReport;
  totalSeconds: number;
  rows: number;
}

/**
 * Migrates, checks the database is empty, generates the data set, re-creates indexes and ANALYZEs, then
 * adds the photo twins and the repost twins.
 */
export async function seedLargeDataset(
  target: DatabaseTarget,
  size: DatasetSize,
  options: SeedOptions,
): Promise<SeedReport> {
  const startedAt = performance.now();
  await prepareEmptyDatabase(target, { force: options.force });
  // One hash for everyone: argon2 is slow on purpose, and every user shares the password.
  const passwordHash = await hash(benchPassword);
  const sink = openSink(target);
  let tables: Awaited<ReturnType<typeof generateDataset>>;
  let indexSeconds: number;
  try {
    await sink.beginLoad({ dropIndexes: options.dropIndexes });
    try {
      tables = await generateDataset(sink, size, { passwordHash, seed: options.seed });
    } catch (error) {
      // The indexes were dropped for the load: put them back, or the next attempt (which reads the
      // indexes to drop from the database) would build a data set without them.
      await sink.finishLoad();
      throw error;
    }
    const indexStartedAt = performance.now();
    console.log(
      options.dropIndexes ? '  re-creating indexes and running (VACUUM) ANALYZE…' : '  running ANALYZE…',
    );
    await sink.finishLoad();
    indexSeconds = (performance.now() - indexStartedAt) / 1000;
  } finally {
    await sink.close();
  }
  // Through the server's own database layer, with the indexes and the foreign keys in place.
  const handle = openServerDatabase(target);
  let photoTwins: PhotoTwinsReport;
  let repostTwins: RepostTwinsReport;
  try {
    photoTwins = await addPhotoTwins(handle.db, options.seed);
    repostTwins = await addRepostTwins(handle.db);
  } finally {
    await handle.db.destroy();
  }
  return {
    tables,
    indexSeconds,
    photoTwins,
    repostTwins,
    totalSeconds: (performance.now() - startedAt) / 1000,
    rows:
      tables.reduce((sum, table) => sum + table.rows, 0) +
      photoTwins.posts +
      photoTwins.media +
      repostTwins.posts +
      repostTwins.reposts +
      repostTwins.users,
  };
}

export function describeSeedReport(report: SeedReport): string {
  const lines = report.tables.map(
    (table) =>
      `  ${table.table.padEnd(15)} ${table.rows.toLocaleString('en-US').padStart(11)} rows in ${table.seconds.toFixed(1)} s` +
      ` (${Math.round(table.rows / table.seconds).toLocaleString('en-US')} rows/s)`,
  );
  lines.push(`  indexes + ANALYZE: ${report.indexSeconds.toFixed(1)} s`);
  lines.push(
    `  photo twins: ${report.photoTwins.posts} posts and ${report.photoTwins.media} images in ${report.photoTwins.seconds.toFixed(1)} s`,
  );
  lines.push(
    `  repost twins: ${report.repostTwins.posts} posts, ${report.repostTwins.reposts} reposts and ${report.repostTwins.users} accounts in ${report.repostTwins.seconds.toFixed(1)} s`,
  );
  lines.push(
    `  total: ${report.rows.toLocaleString('en-US')} rows in ${report.totalSeconds.toFixed(1)} s` +
      ` (${Math.round(report.rows / report.totalSeconds).toLocaleString('en-US')} rows/s overall)`,
  );
  return lines.join('\n');
}
