import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
}

/**
 * A Sync server of one test's own, which it may stop and start again (the suite's shared server must
 * never stop): the built server, its own data folder and its own copy of the built web client
 * (`webDir`), which the test may replace while it is stopped, as an upgrade does.
 */
export async function ownServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-e2e-own-'));
  const dataDir = path.join(dir, 'data');
  const webDir = path.join(dir, 'web');
  fs.cpSync(path.join(root, 'web/dist'), webDir, { recursive: true });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  async function start() {
    child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        WEB_DIR: webDir,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        RATE_LIMITS: 'off',
        MAX_EVENT_LOOP_DELAY_MS: '0',
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const started = child;
    exited = new Promise((resolve) => started.once('exit', () => resolve()));
    let gone = false;
    void exited.then(() => (gone = true));
    const deadline = Date.now() + 60_000;
    while (!(await answers(url))) {
      if (gone) throw new Error(`the test's own server on port ${port} exited while starting`);
      if (Date.now() > deadline) throw new Error(`the test's own server on port ${port} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** As an operator stops it: SIGTERM, and the process has exited. */
  async function stop() {
    child?.kill('SIGTERM');
    await exited;
    child = undefined;
  }

  await start();
  return {
    url,
    webDir,
    start,
    stop,
    async remove() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Makes `webDir` a build whose every script has another name, as the next release's build has: each
 * `name-<hash>.js` is renamed (its hash changed) and every file that names it rewritten. The
 * precompressed copies go, since they would hold the old names.
 */
export function renameScripts(webDir: string) {
  const assets = path.join(webDir, 'assets');
  for (const file of fs.readdirSync(assets)) {
    if (/\.(?:br|gz)$/.test(file)) fs.rmSync(path.join(assets, file));
  }
  for (const file of fs.readdirSync(webDir)) {
    if (/\.(?:br|gz)$/.test(file)) fs.rmSync(path.join(webDir, file));
  }
  const renames = new Map<string, string>();
  for (const file of fs.readdirSync(assets)) {
    const match = /^(.*-)([\w-]{8})\.js$/.exec(file);
    if (!match) continue;
    const [, stem = '', hash = ''] = match;
    renames.set(file, `${stem}${hash.slice(1)}${hash.startsWith('N') ? 'M' : 'N'}.js`);
  }
  const texts = [
    path.join(webDir, 'index.html'),
    ...fs
      .readdirSync(assets)
      .filter((file) => /\.(?:js|css)$/.test(file))
      .map((file) => path.join(assets, file)),
  ];
  for (const file of texts) {
    let text = fs.readFileSync(file, 'utf8');
    for (const [from, to] of renames) text = text.replaceAll(from, to);
    fs.writeFileSync(file, text);
  }
  for (const [from, to] of renames) fs.renameSync(path.join(assets, from), path.join(assets, to));
  return renames;
}
