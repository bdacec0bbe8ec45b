import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import * as initial from './migrations/001_initial.js';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** Where the data lives, for logs: the SQLite file or the PostgreSQL URL without its password. */
  location: string;
}

/** Migrations are listed in code, not read from a folder, so they work the same from source and from a bundle. */
const migrations: Record<string, Migration> = {
  '001_initial': initial,
};
const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): DatabaseHandle {
  if (options.databaseUrl) {
    // Counts come back as strings from pg by default; ours stay far below 2^53.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const url = new URL(options.databaseUrl);
    url.password = '';
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      location: url.toString(),
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'sync.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    dialect: 'sqlite',
    location: file,
  };
}

/**
 * Kysely prepares every statement anew; a feed page's statements are the same text each time, and
 * preparing them cost more than running them when measured. Prepared statements are kept, by SQL text,
 * in a small least-recently-used cache.
 */
function withStatementCache(sqlite: SQLite.Database, capacity = 256): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (statement) {
        statements.delete(sqlText);
      } else {
        statement = sqlite.prepare(sqlText);
        if (statements.size >= capacity) statements.delete(statements.keys().next().value!);
      }
      statements.set(sqlText, statement);
      return statement;
    },
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
