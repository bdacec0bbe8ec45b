import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../server/src/data/database.js';
import { PostgresSink } from './sinks/postgres-sink.js';
import type { DatasetSink } from './sinks/sink.js';
import { SqliteSink } from './sinks/sqlite-sink.js';

/** Where a data set lives: PostgreSQL when `databaseUrl` is set, else DATA_DIR/sync.sqlite (as the server). */
export interface DatabaseTarget {
  databaseUrl: string | undefined;
  dataDir: string;
}

export const sqliteFileOf = (dataDir: string) => path.join(dataDir, 'sync.sqlite');

export function openServerDatabase(target: DatabaseTarget): DatabaseHandle {
  return openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
}

export function openSink(target: DatabaseTarget): DatasetSink {
  return target.databaseUrl
    ? new PostgresSink(target.databaseUrl)
    : new SqliteSink(sqliteFileOf(target.dataDir));
}

/**
 * Leaves the target migrated and empty. A database that already has users is refused, unless
 * `force`, which wipes it (the SQLite file, or every table of the PostgreSQL schema).
 */
export async function prepareEmptyDatabase(
  target: DatabaseTarget,
  options: { force: boolean },
): Promise<void> {
  if (target.databaseUrl) await createPostgresDatabaseIfMissing(target.databaseUrl);
  let handle = openServerDatabase(target);
  await migrateToLatest(handle.db);
  const users = await countRows(handle, 'accounts');
  if (users === 0) return handle.db.destroy();
  if (!options.force) {
    await handle.db.destroy();
    throw new Error(`${handle.location} already has ${users} users. Pass --force to wipe it.`);
  }
  console.log(`Wiping ${handle.location} (--force)`);
  if (handle.dialect === 'postgres') {
    await sql`DROP SCHEMA public CASCADE`.execute(handle.db);
    await sql`CREATE SCHEMA public`.execute(handle.db);
  } else {
    await handle.db.destroy();
    for (const suffix of ['', '-wal', '-shm'])
      fs.rmSync(sqliteFileOf(target.dataDir) + suffix, { force: true });
    handle = openServerDatabase(target);
  }
  await migrateToLatest(handle.db);
  await handle.db.destroy();
}

export async function countRows(handle: DatabaseHandle, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(
    handle.db,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Connects to the server's `postgres` database to create the target database when it does not exist. */
export async function createPostgresDatabaseIfMissing(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}
