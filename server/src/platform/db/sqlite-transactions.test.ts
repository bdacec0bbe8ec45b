import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../data/database.js';

// With WORKERS > 1, several processes write one SQLite file: a transaction must own the write lock
// from its first statement, not from its first write.
describe('SQLite transactions', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-sqlite-tx-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('hold the write lock from their start, so another process cannot write past what they read', async () => {
    const handle = openDatabase({ databaseUrl: undefined, dataDir });
    await migrateToLatest(handle.db);
    // Another process's connection, which gives up at once instead of waiting for the lock.
    const other = new SQLite(handle.location);
    other.pragma('busy_timeout = 0');
    try {
      await handle.db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('accounts')
          .innerJoin('users', 'users.account_id', 'accounts.id')
          .select('id')
          .execute();
        expect(() => other.exec('create table written_meanwhile (x)')).toThrow(/database is locked/);
        await trx.deleteFrom('accounts').where('id', '=', 'nobody').execute();
      });
      // Committed: the lock is free again.
      other.exec('create table written_after (x)');
    } finally {
      other.close();
      await handle.db.destroy();
    }
  });
});
