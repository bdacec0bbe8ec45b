import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../test/event-stream-client.js';
import { startRedis, type RedisProcess } from '../test/redis-process.js';
import { spawnServer, type ServerProcess } from '../test/server-process.js';
import { eventually } from '../test/wait.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const shippedConfig = path.join(repoRoot, 'deploy/nginx.conf');
const hasNginx = spawnSync('nginx', ['-v']).status === 0;
if (!hasNginx) {
  console.warn('nginx is not installed: the deploy/nginx.conf tests are skipped (apt-get install -y nginx).');
}

/**
 * deploy/nginx.conf as shipped, pointed at `upstreams`, listening on `listen`, with its logs, temporary
 * files and pid in `folder` (the shipped file leaves those to the distribution's defaults).
 */
function configFor(upstreams: string[], listen: string, folder: string): string {
  const shipped = fs.readFileSync(shippedConfig, 'utf8');
  const machines = /^( *)server \d+\.\d+\.\d+\.\d+:\d+ (.*)$/gm;
  expect(shipped.match(machines)?.length).toBeGreaterThan(0);
  let written = false;
  const config = shipped
    .replace(machines, (_line, indent: string, options: string) => {
      if (written) return '';
      written = true;
      return upstreams.map((upstream) => `${indent}server ${upstream} ${options}`).join('\n');
    })
    .replace(/^( *)listen 80;$/m, `$1listen ${listen};`)
    .replace(
      /^http \{$/m,
      [
        `pid ${folder}/nginx.pid;`,
        `error_log ${folder}/error.log;`,
        'http {',
        `    access_log ${folder}/access.log;`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `    ${kind}_temp_path ${folder}/${kind};`,
        ),
      ].join('\n'),
    );
  expect(config).toContain(`listen ${listen};`);
  return config;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A GET from the client address `from` (any 127.x address is this machine). */
function getFrom(from: string, url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { localAddress: from, headers, agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** The client address Sync logged for the request to `marker` (Fastify logs request.ip as remoteAddress). */
function loggedClient(server: ServerProcess, marker: string): string | undefined {
  for (const line of server.output().split('\n')) {
    if (!line.includes(marker) || !line.includes('"remoteAddress"')) continue;
    return (JSON.parse(line) as { req: { remoteAddress: string } }).req.remoteAddress;
  }
  return undefined;
}

describe.skipIf(!hasNginx)('deploy/nginx.conf in front of two Sync processes', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-nginx-'));
  const machines: ServerProcess[] = [];
  let nginx: ChildProcess | undefined;
  let redis: RedisProcess | undefined;
  let proxyUrl = '';

  beforeAll(async () => {
    // The deployment's Redis (a test's own): live events raised on one machine reach the other's streams.
    redis = await startRedis();
    const shared = {
      DATA_DIR: folder,
      JWT_SECRET: 'nginx-test-secret-long-enough-for-hs256',
      TRUST_PROXY: '127.0.0.1',
      REDIS_URL: redis.url,
    };
    // One after the other: the first prepares the database the second then opens.
    for (let index = 0; index < 2; index++)
      machines.push(await spawnServer({ ...shared, LOG_LEVEL: 'info' }));
    const port = await freePort();
    const configFile = path.join(folder, 'nginx.conf');
    fs.writeFileSync(
      configFile,
      configFor(
        machines.map((machine) => new URL(machine.url).host),
        `127.0.0.1:${port}`,
        folder,
      ),
    );
    const check = spawnSync('nginx', ['-t', '-c', configFile], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    nginx = spawn('nginx', ['-c', configFile, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
    proxyUrl = `http://127.0.0.1:${port}`;
    await eventually(
      async () =>
        (await getFrom('127.0.0.1', `${proxyUrl}/api/health`).catch(() => 0)) === 200 ? true : undefined,
      {
        what: 'nginx answering',
      },
    );
  });
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const stopped = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await stopped;
    }
    for (const machine of machines) machine.child.kill('SIGTERM');
    await Promise.all(machines.map((machine) => machine.exited));
    await redis?.kill();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  // The shipped paths (/var/log/nginx, /run) need root; otherwise the copy checked above stands for it.
  it.skipIf(process.getuid?.() !== 0)('passes nginx -t as shipped', () => {
    const check = spawnSync('nginx', ['-t', '-c', shippedConfig], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
  });

  it('spreads requests over both machines', async () => {
    for (let index = 0; index < 8; index++) {
      expect(await getFrom('127.0.0.1', `${proxyUrl}/api/health?spread=${index}`)).toBe(200);
    }
    for (const machine of machines) {
      await eventually(() => (machine.output().includes('/api/health?spread=') ? true : undefined), {
        what: `a request reaching ${machine.url}`,
      });
    }
  });

  it("gives Sync the client's address from X-Forwarded-For, not one the client wrote", async () => {
    // The client is 127.0.0.7; nginx reaches Sync from 127.0.0.1, the trusted proxy.
    const statuses = await Promise.all(
      [0, 1].map((index) =>
        getFrom('127.0.0.7', `${proxyUrl}/api/health?client=${index}`, { 'x-forwarded-for': '203.0.113.9' }),
      ),
    );
    expect(statuses).toEqual([200, 200]);
    const seen = await eventually(() => {
      const addresses = [0, 1].flatMap((index) =>
        machines.map((machine) => loggedClient(machine, `/api/health?client=${index}`)).filter(Boolean),
      );
      return addresses.length === 2 ? addresses : undefined;
    });
    expect(seen).toEqual(['127.0.0.7', '127.0.0.7']);
  });

  it('carries live events as they happen, whichever machine holds the stream or takes the write', async () => {
    for (const machine of machines) {
      await eventually(async () => {
        const health = await (await fetch(`${machine.url}/api/health`)).json();
        return health.events === 'ok' ? true : undefined;
      });
    }
    const call = async (urlPath: string, token: string | undefined, body: unknown) => {
      const response = await fetch(proxyUrl + urlPath, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
        body: JSON.stringify(body),
      });
      expect(response.status, urlPath).toBeLessThan(300);
      return response.json();
    };
    const signup = async (username: string) => {
      const answer = await call('/api/auth/signup', undefined, {
        username,
        password: 'password123',
        firstName: 'Behind',
        lastName: 'Proxy',
      });
      return { token: answer.encodedToken as string, id: answer.createdUser._id as string };
    };
    const tag = Date.now().toString(36);
    const [author, reader] = [await signup(`author${tag}`), await signup(`reader${tag}`)];
    await call(`/api/users/follow/${author.id}?return=minimal`, reader.token, undefined);
    const stream = await openEventStream(proxyUrl, reader.token);
    expect(stream.status).toBe(200);
    try {
      // nginx takes turns: the posts are written on both machines, one of which holds the stream.
      for (let index = 0; index < 4; index++) {
        const { post } = await call('/api/posts?return=post', author.token, {
          postData: { content: `post ${index}` },
        });
        await stream.waitFor('post', (data) => data.post._id === post._id);
      }
    } finally {
      stream.close();
    }
  });
});
