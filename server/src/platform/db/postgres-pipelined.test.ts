import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, hasPostgres } from '../../test/harness.js';
import { openDatabase, type DatabaseHandle } from '../../data/database.js';

const socketDirectory = '/var/run/postgresql';
const hasSocket =
  fs.existsSync(socketDirectory) &&
  fs.readdirSync(socketDirectory).some((file) => file.startsWith('.s.PGSQL.'));

describe.skipIf(!hasPostgres)('PostgreSQL through Postgres.js [postgres]', () => {
  let database: { url: string; drop: () => Promise<void> };
  let handle: DatabaseHandle | undefined;
  const dataDir = path.join(os.tmpdir(), 'sync-pipelined-unused');

  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await handle?.db.destroy();
    handle = undefined;
    await database.drop();
  });

  it('reads counts as numbers', async () => {
    handle = openDatabase({ databaseUrl: database.url, dataDir });
    const { rows } = await sql<{ n: unknown }>`select count(*) as n from pg_class`.execute(handle.db);
    expect(typeof rows[0]!.n).toBe('number');
  });

  const url = () => new URL(database.url);
  it.skipIf(!hasSocket)(
    "connects through a Unix socket named libpq's way (?host=/var/run/postgresql), as the README shows",
    async () => {
      const socketUrl = `postgresql://${url().username}@localhost:${url().port || 5432}${url().pathname}?host=${socketDirectory}`;
      handle = openDatabase({ databaseUrl: socketUrl, dataDir });
      const { rows } = await sql<{
        address: string | null;
      }>`select inet_client_addr()::text as address`.execute(handle.db);
      // A client on a Unix socket has no address.
      expect(rows).toEqual([{ address: null }]);
    },
  );
});
