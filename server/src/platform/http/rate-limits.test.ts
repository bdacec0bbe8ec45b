import type { ErrorBody, ImportReply } from '@sync/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.js';
import { timed } from '../../test/wait.js';

const limited = {
  RATE_LIMITS: 'on',
  RATE_LIMIT_LOGIN: '3',
  RATE_LIMIT_SIGNUP: '2',
  RATE_LIMIT_WRITES: '3',
  RATE_LIMIT_READS: '40',
  RATE_LIMIT_IMPORTS: '2',
  // The test plays one proxy in front of Sync: the address it appends is the client's.
  TRUST_PROXY: '1',
};

const fromIp = (ip: string) => ({ 'x-forwarded-for': ip });
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('rate limits (in memory)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite', { env: limited });
  });
  afterAll(() => server.close());

  it('limits login attempts per IP: 429 with Retry-After and a clear message', async () => {
    const attempt = <Answer>() =>
      server.request<Answer>('POST', '/api/auth/login', {
        body: { username: 'guest', password: 'wrong-password' },
        headers: fromIp('10.0.0.1'),
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const refused = await attempt<ErrorBody>();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.errors[0]).toMatch(/^Too many login attempts\. Try again in \d+ minutes?\.$/);
  });

  it('limits login attempts per username, whatever the IP', async () => {
    const attempt = <Answer>(ip: string) =>
      server.request<Answer>('POST', '/api/auth/login', {
        body: { username: 'maya.chen', password: 'wrong-password' },
        headers: fromIp(ip),
      });
    for (let i = 0; i < 3; i++) expect((await attempt(`10.0.1.${i}`)).status).toBe(401);
    const refused = await attempt<ErrorBody>('10.0.1.99');
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toContain('for this username');
  });

  it('limits sign-ups per IP', async () => {
    const signup = <Answer>(name: string) =>
      server.request<Answer>('POST', '/api/auth/signup', {
        body: { username: name, password: 'password123', firstName: 'A', lastName: 'B' },
        headers: fromIp('10.0.2.1'),
      });
    expect((await signup('limit.one')).status).toBe(201);
    expect((await signup('limit.two')).status).toBe(201);
    const refused = await signup<ErrorBody>('limit.three');
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toContain('Too many sign-ups');
    // The refused sign-up created nothing.
    expect((await server.request('GET', '/api/users/limit.three')).status).toBe(404);
  });

  it('limits username checks per IP, apart from logins', async () => {
    const check = <Answer>() =>
      server.request<Answer>('GET', '/api/auth/username-available?username=some.name', {
        headers: fromIp('10.0.3.1'),
      });
    // Four times the login limit: a check is asked as a name is typed.
    for (let i = 0; i < 12; i++) expect((await check()).status).toBe(200);
    const refused = await check<ErrorBody>();
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toMatch(/^Too many username checks from your network\. Try again in/);
    // The checks used up no login attempt: a wrong password is told as such, not refused for the limit.
    const login = await server.request('POST', '/api/auth/login', {
      body: { username: 'olu_ade', password: 'wrong-password' },
      headers: fromIp('10.0.3.1'),
    });
    expect(login.status).toBe(401);
  });

  it('limits writes per user, not per IP', async () => {
    const token = await server.login('olu_ade', 'sync-demo-password');
    const post = <Answer>(ip: string) =>
      server.request<Answer>('POST', '/api/posts?return=post', {
        token,
        body: { postData: { content: 'rate limited?' } },
        headers: fromIp(ip),
      });
    for (let i = 0; i < 3; i++) expect((await post(`10.0.3.${i}`)).status).toBe(201);
    const refused = await post<ErrorBody>('10.0.3.200');
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toContain("You're posting too fast.");
    const other = await server.login('lena.k', 'sync-demo-password');
    const fromOther = await server.request('POST', '/api/posts?return=post', {
      token: other,
      body: { postData: { content: 'someone else can still post' } },
      headers: fromIp('10.0.3.200'),
    });
    expect(fromOther.status).toBe(201);
  });

  it('limits list imports per account, counted before the file is read', async () => {
    const importList = <Answer = ImportReply>(token: string) => {
      const form = new FormData();
      form.set('type', 'muting');
      form.set('data', new Blob(['Account address,Hide notifications\n']), 'muted_accounts.csv');
      return server.request<Answer>('POST', '/api/account/import', { token, body: form });
    };
    // Logins are limited per address too: each person signs in from one of their own.
    const signIn = async (username: string, ip: string) => {
      const reply = await server.request('POST', '/api/auth/login', {
        body: { username, password: 'sync-demo-password' },
        headers: fromIp(ip),
      });
      expect(reply.status).toBe(200);
      return reply.body.encodedToken as string;
    };
    const token = await signIn('sam_rivera', '10.0.5.1');
    for (let i = 0; i < 2; i++) expect((await importList(token)).status).not.toBe(429);
    const refused = await importList<ErrorBody>(token);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toContain(
      'You have imported 2 lists in the last hour, the most Sync takes.',
    );
    expect((await importList(await signIn('noor.h', '10.0.5.2'))).status).not.toBe(429);
  });

  it('limits reads per IP, but never the health check', async () => {
    const read = (ip: string) => server.request('GET', '/api/posts?limit=1', { headers: fromIp(ip) });
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) statuses.push((await read('10.0.4.1')).status);
    expect(statuses.slice(0, 40).every((status) => status === 200)).toBe(true);
    expect(statuses[40]).toBe(429);
    expect((await server.request('GET', '/api/health', { headers: fromIp('10.0.4.1') })).status).toBe(200);
    expect((await read('10.0.4.2')).status).toBe(200);
  });
});

describeEachDatabase('rate limits behind a proxy', (dialect) => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  // The proxy appends the address it saw to whatever X-Forwarded-For the client wrote.
  const signupsThroughProxy = async (trustProxy: string, clientIp: string) => {
    const server = await startServer(dialect, {
      env: { ...limited, RATE_LIMIT_SIGNUP: '3', TRUST_PROXY: trustProxy },
    });
    servers.push(server);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const reply = await server.request('POST', '/api/auth/signup', {
        body: { username: `forger.${i}`, password: 'password123', firstName: 'F', lastName: 'X' },
        headers: { 'x-forwarded-for': `203.0.113.${i}, ${clientIp}` },
      });
      statuses.push(reply.status);
    }
    return statuses;
  };

  it('a client cannot reset its limits by writing its own X-Forwarded-For (hop count)', async () => {
    expect(await signupsThroughProxy('1', '198.51.100.7')).toEqual([201, 201, 201, 429, 429, 429]);
  });

  it('a client cannot reset its limits by writing its own X-Forwarded-For (proxy addresses)', async () => {
    expect(await signupsThroughProxy('127.0.0.1, 10.0.0.0/8', '198.51.100.8')).toEqual([
      201, 201, 201, 429, 429, 429,
    ]);
  });
});

describe('password confirmations (in memory)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Writes are not what is limited here: only the login limit (3) applies.
    server = await startServer('sqlite', { env: { ...limited, RATE_LIMIT_WRITES: '100' } });
  });
  afterAll(() => server.close());

  it('are limited per user like logins: a stolen session cannot guess the password faster', async () => {
    const { token } = await server.signup('guessed');
    const confirm = <Answer>(password: string, ip: string) =>
      server.request<Answer>('POST', '/api/account/delete', {
        token,
        body: { password },
        headers: fromIp(ip),
      });
    for (let i = 0; i < 3; i++) expect((await confirm(`guess-${i}`, `10.0.5.${i}`)).status).toBe(400);
    const refused = await confirm<ErrorBody>('password123', '10.0.5.200');
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toContain('Too many password attempts.');
    expect(
      (await server.request('GET', '/api/users/bookmark', { token, headers: fromIp('10.0.5.200') })).status,
    ).toBe(200);
  });
});

describe('rate limits shared through Redis', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    // On a loaded machine a Redis command can take longer than the 200 ms default, and a limit that
    // fails open would not count: this suite is about sharing the counts, so it waits for Redis.
    const env = { ...limited, REDIS_URL: redisUrl, REDIS_COMMAND_TIMEOUT_MS: '5000' };
    [first, second] = await Promise.all([startServer('sqlite', { env }), startServer('sqlite', { env })]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it('counts attempts on two server processes together', async () => {
    // A fresh IP and username each run: Redis keeps counters between runs for the window.
    const run = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const ip = `10.9.${Number(run.slice(-4)) % 250}.${Math.floor(Math.random() * 250)}`;
    const attempt = (server: TestServer) =>
      server.request('POST', '/api/auth/login', {
        body: { username: `nobody${run}`, password: 'wrong-password' },
        headers: fromIp(ip),
      });
    expect((await attempt(first)).status).toBe(404);
    expect((await attempt(second)).status).toBe(404);
    expect((await attempt(first)).status).toBe(404);
    expect((await attempt(second)).status).toBe(429);
  });
});

describeEachDatabase('rate limits with a Redis that does not answer', (dialect) => {
  let proxy: TcpProxy;
  let server: TestServer;
  beforeAll(async () => {
    const redis = new URL(redisUrl);
    proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    server = await startServer(dialect, {
      env: { ...limited, REDIS_URL: proxy.urlFor(redisUrl), REDIS_COMMAND_TIMEOUT_MS: '1000' },
    });
  });
  afterEach(() => proxy.resume());
  afterAll(async () => {
    await server.close();
    await proxy.close();
  });

  it('lets requests through after the command timeout (limits fail open), health at once', async () => {
    const ip = { 'x-forwarded-for': `10.8.${Math.floor(Math.random() * 250)}.1` };
    expect((await server.request('GET', '/api/posts?limit=1', { headers: ip })).status).toBe(200);
    proxy.pause();

    // The read waits for its limit's command to time out (1 s here); the health check asks Redis
    // nothing, so it is answered while the read still waits.
    let readAnswered = false;
    const read = timed(() => server.request('GET', '/api/posts?limit=1', { headers: ip })).finally(
      () => (readAnswered = true),
    );
    const health = await server.request('GET', '/api/health', { headers: ip });
    expect(health.status).toBe(200);
    expect(readAnswered).toBe(false);
    const { result, ms } = await read;
    expect(result.status).toBe(200);
    expect(ms).toBeGreaterThanOrEqual(990);

    // Login checks two limits (per IP and per username): both fail open, and the login goes through.
    const login = await server.request('POST', '/api/auth/login', {
      body: { username: 'guest', password: 'guest-password' },
      headers: ip,
    });
    expect(login.status).toBe(200);
  });
});
