import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { uniqueName } from './expectations.js';
import { createTestDatabase, testSecret } from './harness.js';
import { startRedis, type RedisProcess } from './redis-process.js';
import { spawnServer, type ServerProcess } from './server-process.js';
import { eventually } from './wait.js';

export interface TwoProcesses {
  a: ServerProcess;
  b: ServerProcess;
  /** The test's own Redis, which it may kill and start again (an outage). */
  redis: RedisProcess;
}

/**
 * Two server processes on separate ports, one PostgreSQL database and one Redis of the test's own: what
 * several machines of one deployment share. Called in a describe block (PostgreSQL only), it starts
 * them before the block's tests, one after the other (the first one migrates the database), until both
 * hear the event channel, and stops them after, with the Redis, the database and the data folder; an
 * afterAll the block registers after it runs before that. `env` adds to the processes' environment.
 */
export function twoProcesses(name: string, env: Record<string, string> = {}): TwoProcesses {
  let started: TwoProcesses | undefined;
  let redis: RedisProcess | undefined;
  let database: { url: string; drop: () => Promise<void> } | undefined;
  let dataDir: string | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sync-${name}-`));
    const processEnv = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `${uniqueName(name)}:`,
      JWT_SECRET: testSecret,
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      ...env,
    };
    const a = await spawnServer(processEnv);
    servers.push(a);
    const b = await spawnServer(processEnv);
    servers.push(b);
    await Promise.all([waitForEventsHealth(a, 'ok'), waitForEventsHealth(b, 'ok')]);
    started = { a, b, redis };
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await redis?.kill();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (): TwoProcesses => {
    if (!started) throw new Error('The two processes are started by beforeAll: use them in a test.');
    return started;
  };
  return {
    get a() {
      return get().a;
    },
    get b() {
      return get().b;
    },
    get redis() {
      return get().redis;
    },
  };
}

/** Waits until the server's /api/health says its event channel is `events`. */
export async function waitForEventsHealth(server: ServerProcess, events: 'ok' | 'unavailable') {
  await eventually(
    async () => {
      const health = await (await fetch(`${server.url}/api/health`)).json();
      return health.events === events ? health : undefined;
    },
    { timeoutMs: 20_000, what: `health events "${events}" at ${server.url}` },
  );
}
