import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  DEFAULT_MIGRATION_TABLE,
  Kysely,
  Migrator,
  sql,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import { ensurePrivateDirectory, ensurePrivateFile } from '../ops/private-files.js';
import { pipelinedPostgresDialect } from './postgres-pipelined.js';
import { groupCommitSqliteDialect } from './sqlite-group-commit.js';
import { checkpointInBackground, type WalCheckpoints } from './wal-checkpoints.js';

export type Dialect = 'sqlite' | 'postgres';

/** A database of any schema: the data layer (data/database.ts) names ours. */
export interface DatabaseHandle<Schema> {
  db: Kysely<Schema>;
  dialect: Dialect;
  /** Where the data lives, for logs: the SQLite file or the PostgreSQL URL without its password. */
  location: string;
  /**
   * PostgreSQL: where to report connections the server closed (restart, failover, pg_terminate_backend).
   * They are survived: the pool drops them and opens new ones.
   */
  onConnectionLost(listener: (error: Error) => void): void;
  /**
   * SQLite: where to report a group commit that failed (sqlite-group-commit.ts): this process's reads
   * may have seen, and cached, writes that never happened.
   */
  onWritesUndone(listener: (error: Error) => void): void;
  /** SQLite with `sqliteCheckpointIntervalMs`: the thread that checkpoints its log. */
  walCheckpoints?: WalCheckpoints | undefined;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * PostgreSQL limits for serving requests (see Config). Absent for migrations and bulk loads, which
   * may rightly take minutes.
   */
  databaseConnectTimeoutMs?: number;
  databaseQueryTimeoutMs?: number;
  /**
   * SQLite: how often a thread of its own copies the write-ahead log into the database file (see
   * wal-checkpoints.ts). Absent or 0: SQLite does it in the commits of the serving thread.
   */
  sqliteCheckpointIntervalMs?: number;
}

export function openDatabase<Schema>(options: DatabaseOptions): DatabaseHandle<Schema> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  ensurePrivateDirectory(options.dataDir);
  const file = path.join(options.dataDir, 'sync.sqlite');
  // SQLite gives the -wal and -shm files it creates the mode of the database file.
  ensurePrivateFile(file);
  for (const companion of [`${file}-wal`, `${file}-shm`]) {
    if (fs.existsSync(companion)) fs.chmodSync(companion, 0o600);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const walCheckpoints = options.sqliteCheckpointIntervalMs
    ? checkpointInBackground(sqlite, file, options.sqliteCheckpointIntervalMs, (error) =>
        process.emitWarning(`SQLite checkpoints its log in the serving thread again: ${error.message}`),
      )
    : undefined;
  let reportUndoneWrites: (error: Error) => void = () => undefined;
  return {
    db: new Kysely<Schema>({
      dialect: groupCommitSqliteDialect({
        sqlite,
        prepare: statementCache(sqlite),
        close() {
          walCheckpoints?.stop();
          sqlite.close();
        },
        onWritesUndone: (error) => reportUndoneWrites(error),
      }),
    }),
    dialect: 'sqlite',
    location: file,
    onConnectionLost: () => undefined,
    onWritesUndone: (listener) => (reportUndoneWrites = listener),
    walCheckpoints,
  };
}

function openPostgres<Schema>(databaseUrl: string, options: DatabaseOptions): DatabaseHandle<Schema> {
  let reportLoss: (error: Error) => void = () => undefined;
  const url = new URL(databaseUrl);
  url.password = '';
  return {
    db: new Kysely<Schema>({
      dialect: pipelinedPostgresDialect({
        url: databaseUrl,
        connectTimeoutMs: options.databaseConnectTimeoutMs,
        queryTimeoutMs: options.databaseQueryTimeoutMs,
        onConnectionLost: (error) => reportLoss(error),
      }),
    }),
    dialect: 'postgres',
    location: url.toString(),
    onConnectionLost: (listener) => (reportLoss = listener),
    onWritesUndone: () => undefined,
  };
}

/**
 * Kysely prepares every statement anew; a feed page's statements are the same text each time, and
 * preparing them cost more than running them when measured. Prepared statements are kept, by SQL text,
 * in a small least-recently-used cache.
 */
function statementCache(sqlite: SQLite.Database, capacity = 256): (sqlText: string) => SQLite.Statement {
  const statements = new Map<string, SQLite.Statement>();
  return (sqlText) => {
    let statement = statements.get(sqlText);
    if (statement) {
      statements.delete(sqlText);
    } else {
      statement = sqlite.prepare(sqlText);
      if (statements.size >= capacity) statements.delete(statements.keys().next().value!);
    }
    statements.set(sqlText, statement);
    return statement;
  };
}

/**
 * Brings the schema up to this version's migrations. Returns the migrations the database has and this
 * version does not know: a newer Sync ran them (one machine already upgraded in a rolling upgrade, or
 * the code rolled back). Migrations only add, so this version runs on that schema as it is, where
 * Kysely's migrator would refuse to start; it still needs every migration of its own to have run.
 */
export async function migrateToLatest<Schema>(
  db: Kysely<Schema>,
  migrations: Record<string, Migration>,
): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };
  const migrator = new Migrator({ db, provider });
  const newer = await unknownMigrations(db, migrations);
  if (newer.length > 0) {
    const notRun = (await migrator.getMigrations()).filter((migration) => !migration.executedAt);
    if (notRun.length > 0) {
      throw new Error(
        `The database has migrations of a newer Sync (${newer.join(', ')}) but not ${notRun.map((migration) => migration.name).join(', ')} of this one: run the newer version.`,
      );
    }
    return newer;
  }
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
  return [];
}

async function unknownMigrations<Schema>(
  db: Kysely<Schema>,
  migrations: Record<string, Migration>,
): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === DEFAULT_MIGRATION_TABLE)) return [];
  const { rows } = await sql<{
    name: string;
  }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
  return rows.map((row) => row.name).filter((name) => !(name in migrations));
}
