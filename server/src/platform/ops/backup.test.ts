import { afterAll, beforeAll, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { backup, restore } from './backup.js';

describeEachDatabase('backup and restore', (dialect) => {
  let server: TestServer;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-backup-'));
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('backs up while serving, and restoring brings back exactly the data of the backup', async () => {
    const { token } = await server.signup('backed.up');
    await server.request('POST', '/api/posts', {
      token,
      body: { postData: { content: 'kept by the backup' } },
    });
    const target = targetOf(server);
    const file = path.join(folder, `backup-${dialect}`);
    await backup(target, file);
    expect(fs.statSync(file).size).toBeGreaterThan(0);

    await server.request('POST', '/api/posts', {
      token,
      body: { postData: { content: 'after the backup' } },
    });
    await server.stop();
    restore(target, file);
    await server.start();

    const contents = (await server.request('GET', '/api/posts')).body.posts.map((p) => p.content);
    expect(contents).toContain('kept by the backup');
    expect(contents).not.toContain('after the backup');
    expect((await server.request('GET', '/api/users/backed.up')).status).toBe(200);
  });

  it('refuses to restore a file that is not a backup', () => {
    const bogus = path.join(folder, 'bogus');
    fs.writeFileSync(bogus, 'not a database');
    expect(() => restore(targetOf(server), bogus)).toThrow();
  });
});

const targetOf = (server: TestServer) => ({
  databaseUrl: server.config.databaseUrl,
  dataDir: server.config.dataDir,
});
