import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../test/server-process.js';

const serverRoot = path.resolve(import.meta.dirname, '../..');
const repoRoot = path.resolve(serverRoot, '..');

// What `npm start` runs: scripts/build.mjs brings server/dist up to date, then node runs the bundle.
describe('the compiled server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-compiled-'));
  let server: ServerProcess | undefined;
  afterAll(() => {
    server?.child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts, answers, and finds the repository folders the sources would', async () => {
    server = await spawnServer({ DATA_DIR: dataDir });
    const health = await fetch(`${server.url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'sqlite', events: 'ok' });
    expect(fs.existsSync(path.join(dataDir, 'sync.sqlite'))).toBe(true);

    // WEB_DIR is unset: the bundle must look for the client in <repository>/web/dist, as config.ts does.
    const webDir = path.join(repoRoot, 'web/dist');
    const indexFile = path.join(webDir, 'index.html');
    if (fs.existsSync(indexFile)) {
      const page = await fetch(`${server.url}/`);
      expect(await page.text()).toBe(fs.readFileSync(indexFile, 'utf8'));
    } else {
      expect(server.output()).toContain(`No web client in ${webDir}`);
    }

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('names the TypeScript sources in stack traces', () => {
    const run = spawnSync(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
      cwd: serverRoot,
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PORT must be a whole number');
    expect(run.stderr).toContain(`${path.join(serverRoot, 'src/config.ts')}:`);
  });
});
