import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import { buildApp, type App } from '../app/app.js';
import { loadConfig, type Config } from '../config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Dialect } from '../data/database.js';
import { seedDemoData } from '../data/seed/demo.js';
import type { ErrorBody, User } from '@sync/contract';
import type { Clock } from '../clock.js';
import type { AnswerOf } from './answers.js';
import { TestClock } from './clock.js';
import { sendForm } from './form-request.js';

export { demoPassword, guestAccount } from '../data/seed/demo.js';

/** Where test databases are created; each run makes its own and drops it after. */
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const hasPostgres = await postgresReachable();
const testedDialects: Dialect[] = hasPostgres ? ['sqlite', 'postgres'] : ['sqlite'];
if (!hasPostgres) {
  console.warn(`PostgreSQL is not reachable at ${adminUrl}: its API tests are skipped (SQLite runs).`);
}

/** Runs a suite once per database: SQLite always, PostgreSQL when a server is reachable. */
export function describeEachDatabase(name: string, suite: (dialect: Dialect) => void) {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    const run = testedDialects.includes(dialect) ? describe : describe.skip;
    run(`${name} [${dialect}]`, () => suite(dialect));
  }
}

/** A clock a test moves forward. */
export type AdvancingClock = Clock & { advance(ms: number): void };

/** An answer; its body is `unknown` until typed (a route the answers table knows, or an explicit type). */
export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * Whether a reply is a refusal, whose body is then Sync's `ErrorBody` (every route declares it for its
 * 4xx and 5xx answers), for a test that reads the message of a request that may also succeed.
 */
export function isRefusal<T>(reply: Reply<T>): reply is Reply<T> & Reply<ErrorBody> {
  return reply.status >= 400;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as the raw `authorization` header, as the spec's client does. */
  token?: string;
  headers?: Record<string, string>;
  /** A body sent as-is (for malformed JSON and the like). */
  rawBody?: string;
}

export interface TestServer {
  url: string;
  dialect: Dialect;
  database: DatabaseHandle;
  app: App;
  config: Config;
  /**
   * The app's clock: by default the system's time, but each reading at least 1 ms after the last, so
   * writes get distinct, increasing timestamps; `clock.advance(ms)` where a test needs time to have passed.
   */
  clock: AdvancingClock;
  request: Requester;
  /** Logs in and returns the token. */
  login(username: string, password: string): Promise<string>;
  /** Signs up a fresh user and returns its token and user. */
  signup(username: string, extra?: Record<string, unknown>): Promise<{ token: string; user: User }>;
  /** Stops the server and starts a new one on the same data. */
  restart(): Promise<void>;
  /** Stops the server but keeps its data, for work on the stopped database (restore, inspection). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A fresh database of its own (and a data folder) for one test server or one test's use cases. */
export interface TestStorage {
  config: Config;
  dispose(): Promise<void>;
}

export async function createTestStorage(dialect: Dialect, env: Record<string, string>): Promise<TestStorage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-test-'));
  const base = loadConfig({ ...process.env, ...env, DATA_DIR: dataDir });
  if (dialect === 'sqlite') {
    return {
      config: { ...base, databaseUrl: undefined },
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createTestDatabase();
  return {
    config: { ...base, databaseUrl: database.url },
    dispose: async () => {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh, empty PostgreSQL database of its own, and the way to drop it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sync_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export const testSecret = 'test-secret-that-is-long-enough-for-hs256';

/**
 * A request to the app. Its body is typed by the route (test/answers.ts) when the test writes the method
 * and the path out, as the success answer; a test that reads a refusal, or a body the table does not
 * know, names its type: `request<ErrorBody>(…)`. Anything else is `unknown`, so an untyped read does
 * not compile.
 */
export interface Requester {
  <Method extends string, Url extends string>(
    method: Method,
    urlPath: Url,
    options?: RequestOptions,
  ): Promise<Reply<AnswerOf<Method, Url>>>;
  <Body>(method: string, urlPath: string, options?: RequestOptions): Promise<Reply<Body>>;
}

/** Sends requests to a running app, the way the spec's client does. */
export function requester(baseUrl: () => string): Requester {
  return async (
    method: string,
    urlPath: string,
    { body, token, headers = {}, rawBody }: RequestOptions = {},
  ) => {
    const sentHeaders: Record<string, string> = { ...headers };
    if (token) sentHeaders.authorization = token;
    const init: RequestInit = { method, headers: sentHeaders };
    if (rawBody !== undefined || (body !== undefined && !(body instanceof FormData))) {
      sentHeaders['content-type'] ??= 'application/json';
      init.body = rawBody ?? JSON.stringify(body);
    }
    // A form (an upload) goes as multipart/form-data, with the boundary fetch writes.
    const response =
      body instanceof FormData
        ? await sendForm(baseUrl() + urlPath, { method, headers: sentHeaders, form: body })
        : await fetch(baseUrl() + urlPath, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (e.g. the web client's HTML): hand back the text.
    }
    // The one place a body takes its type: the route's answer by the contract, which the suites' own
    // assertions (and answers.test.ts for the table) hold the app to.
    return { status: response.status, headers: response.headers, body: parsed as never };
  };
}

/** Starts the real app over HTTP on a fresh database with the demo data. */
export async function startServer(
  dialect: Dialect,
  options: {
    env?: Record<string, string>;
    seed?: boolean;
    /** Adds test-only routes to the real app before it listens. */
    extraRoutes?: (app: App) => void;
    /** The app's clock; by default a `TestClock`. */
    clock?: AdvancingClock;
  } = {},
): Promise<TestServer> {
  // Rate limits are off unless a test turns them on: suites sign up and post far faster than people do.
  // So are load shedding and admission control: the test's own work (seeding, a held SQLite lock) runs on
  // the server's event loop, and suites send bursts no person would.
  const storage = await createTestStorage(dialect, {
    JWT_SECRET: testSecret,
    RATE_LIMITS: 'off',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // Test files run in parallel: with REDIS_URL, each server's live events stay its own.
    REDIS_KEY_PREFIX: `sync-test-${process.pid}-${Math.random().toString(36).slice(2, 10)}:`,
    MAX_IN_FLIGHT: '0',
    ...options.env,
  });
  let database!: DatabaseHandle;
  let app!: App;
  let url = '';
  // One clock for the server's whole life: a restarted app goes on from where it was.
  const clock = options.clock ?? new TestClock();

  const start = async () => {
    database = openDatabase(storage.config);
    await migrateToLatest(database.db);
    app = await buildApp({ config: storage.config, database, jwtSecret: testSecret, logger: false, clock });
    options.extraRoutes?.(app);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    url = address;
  };
  const stop = async () => {
    await app.close();
    await database.db.destroy();
  };

  await start();
  if (options.seed !== false) await seedDemoData(database.db);

  const server: TestServer = {
    get url() {
      return url;
    },
    dialect,
    get database() {
      return database;
    },
    get app() {
      return app;
    },
    config: storage.config,
    clock,
    request: requester(() => url),
    async login(username, password) {
      const reply = await server.request('POST', '/api/auth/login', { body: { username, password } });
      if (reply.status !== 200) throw new Error(`login ${username} failed: ${JSON.stringify(reply.body)}`);
      return reply.body.encodedToken;
    },
    async signup(username, extra = {}) {
      const reply = await server.request('POST', '/api/auth/signup', {
        body: { username, password: 'password123', firstName: 'Test', lastName: 'User', ...extra },
      });
      if (reply.status !== 201) throw new Error(`signup ${username} failed: ${JSON.stringify(reply.body)}`);
      return { token: reply.body.encodedToken, user: reply.body.createdUser };
    },
    async restart() {
      await stop();
      await start();
    },
    stop,
    start,
    async close() {
      await stop();
      await storage.dispose();
    },
  };
  return server;
}

/**
 * A second app on the same database as `server`, as a second process of one deployment would be: its
 * own connections and its own caches, no event channel shared with the first (each hears only its own
 * messages), and the same clock (processes of one deployment read one system time). On SQLite, the same
 * file, as a deployment's workers share it (docs/decisions/061).
 */
export async function startSecondServer(
  server: TestServer,
): Promise<Pick<TestServer, 'url' | 'app' | 'request'> & { close(): Promise<void> }> {
  const database = openDatabase(server.config);
  const app = await buildApp({
    config: server.config,
    database,
    jwtSecret: testSecret,
    logger: false,
    clock: server.clock,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    app,
    request: requester(() => url),
    async close() {
      await app.close();
      await database.db.destroy();
    },
  };
}
