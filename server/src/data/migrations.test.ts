import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from './database.js';

// A rolling upgrade: the first upgraded machine migrates; the others, still on the old version, must
// keep (re)starting on the schema it left.
describe('migrations', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-migrations-'));
  const handle = openDatabase({ databaseUrl: undefined, dataDir });
  afterAll(async () => {
    await handle.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('start on a schema a newer version migrated, and say so', async () => {
    expect(await migrateToLatest(handle.db)).toEqual([]);
    await sql`insert into kysely_migration (name, timestamp) values ('999_from_the_future', '2030-01-01T00:00:00.000Z')`.execute(
      handle.db,
    );
    expect(await migrateToLatest(handle.db)).toEqual(['999_from_the_future']);
  });

  it('refuse a newer schema that lacks one of their own migrations', async () => {
    await sql`delete from kysely_migration where name = '006_account'`.execute(handle.db);
    await expect(migrateToLatest(handle.db)).rejects.toThrow(
      /migrations of a newer Sync \(999_from_the_future\) but not 006_account of this one/,
    );
  });
});
