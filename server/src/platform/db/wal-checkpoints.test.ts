import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { bulkUserRow, insertBulkPeople } from '../../test/people.js';
import { eventually } from '../../test/wait.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../data/database.js';

describe("SQLite's log is checkpointed by a thread of its own", () => {
  let handle: DatabaseHandle;
  afterEach(() => handle.db.destroy());

  async function open(): Promise<void> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-wal-'));
    handle = openDatabase({ databaseUrl: undefined, dataDir, sqliteCheckpointIntervalMs: 20 });
    await migrateToLatest(handle.db);
  }

  /** The serving connection's own threshold, in pages of log. */
  async function servingThreshold(): Promise<number> {
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db);
    return rows[0]!.wal_autocheckpoint;
  }

  it('copies what the serving connection writes, while that connection leaves it to the thread', async () => {
    await open();
    expect(await servingThreshold()).toBe(10_000);
    const at = new Date();
    const people = Array.from({ length: 200 }, (_, index) => bulkUserRow(`checkpointed${index}`, at));
    await insertBulkPeople(handle.db, people);
    const { rows } = await sql<{ log: number }>`pragma wal_checkpoint(NOOP)`.execute(handle.db);
    const written = rows[0]!.log;
    expect(written).toBeGreaterThan(0);
    // Every frame the insert left in the log is copied, by the thread: the serving connection has not
    // checkpointed anything (NOOP only reports).
    await eventually(
      () => ((handle.walCheckpoints!.latest?.checkpointed ?? 0) >= written ? true : undefined),
      {
        what: 'a checkpoint of the whole log',
      },
    );
  });

  it('gives checkpoints back to the serving connection when the thread stops', async () => {
    await open();
    handle.walCheckpoints!.stop();
    expect(await servingThreshold()).toBe(1000);
  });
});
