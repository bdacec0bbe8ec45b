import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  hasPostgres,
  requester,
  startServer,
  type TestServer,
} from '../../test/harness.js';
import { spawnServer, type ServerProcess } from '../../test/server-process.js';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.js';
import { eventually, timed } from '../../test/wait.js';

const databaseUnavailable = 'The database is not answering right now. Try again in a few seconds.';

async function call(url: string, urlPath: string, init: RequestInit = {}) {
  const response = await fetch(url + urlPath, init);
  const body: unknown = await response.json();
  return { status: response.status, headers: response.headers, body };
}

function expectUnavailable(reply: { status: number; headers: Headers; body: unknown }) {
  expect(reply.status).toBe(503);
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(reply.body).toEqual({ errors: [databaseUnavailable] });
}

const describePostgres = hasPostgres ? describe : describe.skip;

describePostgres('PostgreSQL faults [postgres]', () => {
  let database: { url: string; drop: () => Promise<void> };
  let dataDir: string;
  let admin: pg.Client;
  let server: ServerProcess | undefined;
  let proxy: TcpProxy | undefined;
  const databaseName = () => new URL(database.url).pathname.slice(1);

  beforeEach(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-faults-'));
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterEach(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await proxy?.close();
    await admin.end();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Ends the server's connections as a restart or failover would; resolves once they are gone. */
  async function terminateServerConnections(sparedPid = 0): Promise<number> {
    const { rows } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and pid <> $2',
      [databaseName(), sparedPid],
    );
    const pids = rows.map((row) => row.pid);
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
    await eventually(
      async () => {
        const left = await admin.query(
          'select count(*)::int as n from pg_stat_activity where pid = any($1)',
          [pids],
        );
        return left.rows[0].n === 0 ? true : undefined;
      },
      { what: 'the terminated backends to exit' },
    );
    return pids.length;
  }

  it('survives PostgreSQL closing its connections, idle or in use, and serves with fresh ones', async () => {
    server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: database.url });
    // Fill the pool with several idle connections.
    const warm = await Promise.all(Array.from({ length: 6 }, () => call(server!.url, '/api/posts?limit=5')));
    expect(warm.every((reply) => reply.status === 200)).toBe(true);

    expect(await terminateServerConnections()).toBeGreaterThan(1);
    for (let i = 0; i < 10; i++) expect((await call(server.url, '/api/posts?limit=5')).status).toBe(200);

    // A request waiting on a lock while its connection is ended fails on its own, with a clear 503.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    const lockerPid = (await locker.query('select pg_backend_pid() as pid')).rows[0].pid as number;
    await locker.query('begin');
    await locker.query('lock table posts in access exclusive mode');
    const blocked = call(server.url, '/api/posts?limit=5');
    await eventually(
      async () => {
        const waiting = await admin.query(
          `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
          [databaseName()],
        );
        return waiting.rows[0].n > 0 ? true : undefined;
      },
      { what: 'the request to wait on the lock' },
    );
    await terminateServerConnections(lockerPid);
    expectUnavailable(await blocked);
    await locker.end();

    expect(server.child.exitCode).toBeNull();
    expect((await call(server.url, '/api/health')).body).toEqual({
      status: 'ok',
      database: 'postgres',
      events: 'ok',
    });
    expect((await call(server.url, '/api/posts?limit=5')).status).toBe(200);
    expect(server.output()).toContain('a database connection was closed');
  });

  it('answers 503 in bounded time while PostgreSQL does not answer, and recovers when it does', async () => {
    proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(database.url).port || 5432) });
    server = await spawnServer({
      DATA_DIR: dataDir,
      DATABASE_URL: proxy.urlFor(database.url),
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      DATABASE_QUERY_TIMEOUT_MS: '1000',
    });
    await Promise.all(Array.from({ length: 4 }, () => call(server!.url, '/api/posts?limit=5')));
    const json = { 'content-type': 'application/json' };
    const signup = await requester(() => server!.url)('POST', '/api/auth/signup', {
      body: { username: 'writer', password: 'password123', firstName: 'W', lastName: 'R' },
    });
    expect(signup.status).toBe(201);
    const createPost = () =>
      call(server!.url, '/api/posts?return=post', {
        method: 'POST',
        headers: { ...json, authorization: signup.body.encodedToken },
        body: JSON.stringify({ postData: { content: 'Written while the database was away' } }),
      });
    proxy.pause();

    const health = await timed(() => call(server!.url, '/api/health'));
    expect(health.result.status).toBe(503);
    expect(health.result.body).toEqual({ status: 'unavailable', database: 'postgres', events: 'ok' });
    expect(health.ms).toBeLessThan(2000);

    // Pooled connections time out on the query (1 s + 1 s); new ones on connecting (1 s).
    for (let round = 0; round < 2; round++) {
      const replies = await Promise.all(
        Array.from({ length: 12 }, () => timed(() => call(server!.url, '/api/posts?limit=5'))),
      );
      for (const { result, ms } of replies) {
        expectUnavailable(result);
        // 2 s by the timeouts; the rest is room for a loaded machine, still far from a hang.
        expect(ms).toBeLessThan(6000);
      }
    }

    // A write waits for a connection of its own for its transaction: bounded the same way.
    const write = await timed(createPost);
    expectUnavailable(write.result);
    expect(write.ms).toBeLessThan(6000);

    proxy.resume();
    await eventually(
      async () => ((await call(server!.url, '/api/posts?limit=5')).status === 200 ? true : undefined),
      {
        what: 'reads to succeed again',
      },
    );
    expect((await call(server.url, '/api/health')).status).toBe(200);
    expect((await createPost()).status).toBe(201);
    expect(server.child.exitCode).toBeNull();
  });
});

describe('SQLite faults [sqlite]', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite');
  });
  afterAll(() => server.close());

  it('answers 503 when another process holds the write lock longer than the busy timeout', async () => {
    const token = await server.login('guest', 'guest-password');
    const holder = new SQLite(path.join(server.config.dataDir, 'sync.sqlite'));
    holder.exec('begin immediate');
    try {
      const reply = await server.request('POST', '/api/posts?return=post', {
        token,
        body: { postData: { content: 'waits for the lock' } },
      });
      expectUnavailable(reply);
    } finally {
      holder.exec('rollback');
      holder.close();
    }
    const after = await server.request('POST', '/api/posts?return=post', {
      token,
      body: { postData: { content: 'after the lock' } },
    });
    expect(after.status).toBe(201);
  });
});
