import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, hasPostgres } from '../test/harness.js';
import { spawnServer, type ServerProcess } from '../test/server-process.js';
import { backup } from '../platform/ops/backup.js';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

for (const dialect of ['sqlite', 'postgres'] as const) {
  const run = dialect === 'postgres' && !hasPostgres ? describe.skip : describe;
  run(`a private data folder [${dialect}]`, () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-modes-'));
    const dataDir = path.join(parent, 'data');
    let database: { url: string; drop: () => Promise<void> } | undefined;
    let server: ServerProcess;
    beforeAll(async () => {
      database = dialect === 'postgres' ? await createTestDatabase() : undefined;
      // No JWT_SECRET: the server generates its secret into the folder.
      server = await spawnServer({
        DATA_DIR: dataDir,
        JWT_SECRET: '',
        ...(database ? { DATABASE_URL: database.url } : {}),
      });
    });
    afterAll(async () => {
      server.child.kill('SIGKILL');
      await server.exited;
      await database?.drop();
      fs.rmSync(parent, { recursive: true, force: true });
    });

    it('creates DATA_DIR 0700 and everything in it 0600, backups included', async () => {
      expect(modeOf(dataDir)).toBe(0o700);
      const expected = [
        'jwt-secret',
        ...(dialect === 'sqlite' ? ['sync.sqlite', 'sync.sqlite-wal', 'sync.sqlite-shm'] : []),
      ];
      for (const name of expected) expect([name, modeOf(path.join(dataDir, name))]).toEqual([name, 0o600]);

      const backupFile = path.join(dataDir, 'backups', `sync.${dialect === 'sqlite' ? 'sqlite' : 'pgdump'}`);
      await backup({ databaseUrl: database?.url, dataDir }, backupFile);
      expect(fs.statSync(backupFile).size).toBeGreaterThan(0);
      expect(modeOf(path.dirname(backupFile))).toBe(0o700);
      expect(modeOf(backupFile)).toBe(0o600);
    });
  });
}
