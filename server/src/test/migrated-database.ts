import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { migrations, openDatabase, type DatabaseHandle, type Dialect } from '../data/database.js';
import { createTestDatabase } from './harness.js';

/**
 * For a migration's own test: a database of `dialect` migrated up to `upTo` (the migration before the
 * one tested) and no further, opened before the suite's tests and dropped after them. The test writes
 * the rows an existing server would hold, then migrates to the latest. Call it inside the suite.
 */
export function databaseMigratedUpTo(dialect: Dialect, upTo: string): () => DatabaseHandle['db'] {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sync-migration-${upTo}-`));
  let handle: DatabaseHandle | undefined;
  let dropDatabase: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (dialect === 'postgres') {
      const database = await createTestDatabase();
      databaseUrl = database.url;
      dropDatabase = database.drop;
    }
    handle = openDatabase({ databaseUrl, dataDir });
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(upTo);
    expect(error).toBeUndefined();
  });
  afterAll(async () => {
    await handle?.db.destroy();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!handle) throw new Error('the database is opened before the tests');
    return handle.db;
  };
}

/**
 * The database as a migration's test writes it before migrating: in the schema of then, which
 * schema.ts (today's) no longer describes (`users` held accounts before 027, for one).
 */
export const inSchemaOfThen = (db: DatabaseHandle['db']): Kysely<any> => db;
