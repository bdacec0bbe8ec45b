import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Dialect } from '../../server/src/data/database.js';
import type { DatasetSize } from './dataset.js';
import { sqliteFileOf, type DatabaseTarget } from './database-target.js';
import { describeSeedReport, seedLargeDataset, type SeedReport } from './seed.js';

export const cacheDir = path.resolve(import.meta.dirname, '../.data');

/** The bench's data set for a number of posts: users ×0.1, likes ×5, comments ×1, follows ×1, bookmarks ×0.5. */
export function datasetSizeFor(posts: number): DatasetSize {
  return {
    users: Math.max(2, Math.round(posts * 0.1)),
    posts,
    likes: posts * 5,
    comments: posts,
    follows: posts,
    bookmarks: Math.round(posts * 0.5),
  };
}

/**
 * Moves when the generator writes different tables: a data set of another format is generated again.
 * 2: tags, mentions, notifications; 3: the media table (migration 013) and the photo twins of the home
 * feed's first page (photo-twins.ts), which a data set of format 2 has neither of; 4: the repost twins
 * (repost-twins.ts: 28 `bench-repost-…` accounts, 21 posts, 6 `reposts` rows with `repost_count`, their
 * follows) for the Following timeline with reposts against the same page without (issue 28); 5: accounts
 * apart from their logins (`users`, migration 027); 6: each post tag's position (migration 029), without which
 * a Mastodon status takes its tags' order from the text.
 */
const datasetFormat = 6;

export interface CachedDataset {
  /** The generator's format (absent before format 2). */
  format?: number;
  dialect: Dialect;
  size: DatasetSize;
  /** How long generating took (when it was generated, possibly by an earlier run). */
  generation: SeedReport;
  generatedAt: string;
}

interface CacheEntry {
  manifestFile: string;
  /** Where the generated data set lives; the benchmark never writes to it. */
  pristine: DatabaseTarget;
  /** A fresh copy of it that one benchmark run may write to. */
  working: DatabaseTarget;
}

/**
 * The working copy is named after the run's server port as well: runs on different ports (two sessions
 * benchmarking at once on a shared machine) each write to their own, while sharing the generated data set.
 * `copy` names one of several copies a run keeps (bench:compare keeps one per build).
 */
function entryFor(
  dialect: Dialect,
  posts: number,
  postgresServerUrl: string,
  port: number,
  copy: string | undefined,
): CacheEntry {
  const name = `${dialect}-${posts}`;
  const manifestFile = path.join(cacheDir, `${name}.json`);
  const copyName = copy ? `port-${port}-${copy}` : `port-${port}`;
  const workingDir = path.join(cacheDir, 'working', `${name}-${copyName}`);
  if (dialect === 'sqlite') {
    return {
      manifestFile,
      pristine: { databaseUrl: undefined, dataDir: path.join(cacheDir, name) },
      working: { databaseUrl: undefined, dataDir: workingDir },
    };
  }
  const database = (suffix: string) => new URL(`sync_bench_${suffix}${posts}`, postgresServerUrl).toString();
  return {
    manifestFile,
    pristine: { databaseUrl: database(''), dataDir: path.join(cacheDir, name) },
    working: { databaseUrl: database(`working_${copyName.replaceAll('-', '_')}_`), dataDir: workingDir },
  };
}

/**
 * Returns a writable copy of the data set with `posts` posts for the run whose server listens on `port`
 * (and the copy named `copy`, for a run that keeps several), generating the data set first unless an earlier run left it in bench/.data (SQLite files, or
 * PostgreSQL databases sync_bench_<posts>).
 */
export async function checkOutDataset(
  dialect: Dialect,
  posts: number,
  postgresServerUrl: string,
  port: number,
  copy?: string,
): Promise<{ dataset: CachedDataset; target: DatabaseTarget }> {
  const entry = entryFor(dialect, posts, postgresServerUrl, port, copy);
  let dataset = await readManifest(entry);
  if (!dataset) {
    const size = datasetSizeFor(posts);
    console.log(
      `Generating the ${dialect} data set with ${posts.toLocaleString('en-US')} posts (cached in ${cacheDir})`,
    );
    const generation = await seedLargeDataset(entry.pristine, size, {
      force: true,
      dropIndexes: true,
      seed: 1,
    });
    console.log(describeSeedReport(generation));
    dataset = { format: datasetFormat, dialect, size, generation, generatedAt: new Date().toISOString() };
    fs.writeFileSync(entry.manifestFile, JSON.stringify(dataset, null, 2));
  }
  await copyDatabase(entry.pristine, entry.working);
  return { dataset, target: entry.working };
}

async function readManifest(entry: CacheEntry): Promise<CachedDataset | undefined> {
  if (!fs.existsSync(entry.manifestFile)) return undefined;
  const exists = entry.pristine.databaseUrl
    ? await postgresDatabaseExists(entry.pristine.databaseUrl)
    : fs.existsSync(sqliteFileOf(entry.pristine.dataDir));
  if (!exists) return undefined;
  const dataset = JSON.parse(fs.readFileSync(entry.manifestFile, 'utf8')) as CachedDataset;
  return dataset.format === datasetFormat ? dataset : undefined;
}

/**
 * SQLite: copies the file. PostgreSQL: CREATE DATABASE ... TEMPLATE (a file-level copy). Either way the
 * copy is on disk before it returns: otherwise the kernel (or PostgreSQL's checkpointer) writes back
 * gigabytes while the first server starts, and the start is timed against that.
 */
async function copyDatabase(from: DatabaseTarget, to: DatabaseTarget): Promise<void> {
  fs.rmSync(to.dataDir, { recursive: true, force: true });
  fs.mkdirSync(to.dataDir, { recursive: true });
  if (!from.databaseUrl || !to.databaseUrl) {
    fs.copyFileSync(sqliteFileOf(from.dataDir), sqliteFileOf(to.dataDir));
    const copy = fs.openSync(sqliteFileOf(to.dataDir), 'r+');
    fs.fsyncSync(copy);
    fs.closeSync(copy);
    return;
  }
  await withAdminClient(from.databaseUrl, async (admin) => {
    const target = databaseName(to.databaseUrl!);
    await admin.query(`DROP DATABASE IF EXISTS "${target}"`);
    await admin.query(`CREATE DATABASE "${target}" TEMPLATE "${databaseName(from.databaseUrl!)}"`);
    await admin.query('CHECKPOINT');
  });
}

async function postgresDatabaseExists(databaseUrl: string): Promise<boolean> {
  return withAdminClient(databaseUrl, async (admin) => {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      databaseName(databaseUrl),
    ]);
    return (rowCount ?? 0) > 0;
  });
}

const databaseName = (databaseUrl: string) => decodeURIComponent(new URL(databaseUrl).pathname.slice(1));

/** A connection to the server's `postgres` database, for creating and dropping databases. */
async function withAdminClient<T>(databaseUrl: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: new URL('/postgres', databaseUrl).toString() });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}
