import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../test/harness.js';

const limited = {
  RATE_LIMITS: 'on',
  RATE_LIMIT_LOGIN: '3',
  RATE_LIMIT_SIGNUP: '2',
  RATE_LIMIT_WRITES: '3',
  RATE_LIMIT_READS: '40',
  TRUST_PROXY: 'true',
};

const fromIp = (ip: string) => ({ 'x-forwarded-for': ip });

describe('rate limits (in memory)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite', { env: limited });
  });
  afterAll(() => server.close());

  it('limits login attempts per IP: 429 with Retry-After and a clear message', async () => {
    const attempt = () =>
      server.request('POST', '/api/auth/login', {
        body: { username: 'guest', password: 'wrong-password' },
        headers: fromIp('10.0.0.1'),
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.errors[0]).toMatch(/^Too many login attempts\. Try again in \d+ minutes?\.$/);
  });

  it('limits login attempts per username, whatever the IP', async () => {
    const attempt = (ip: string) =>
      server.request('POST', '/api/auth/login', {
        body: { username: 'maya.chen', password: 'wrong-password' },
        headers: fromIp(ip),
      });
    for (let i = 0; i < 3; i++) expect((await attempt(`10.0.1.${i}`)).status).toBe(401);
    const refused = await attempt('10.0.1.99');
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toContain('for this username');
  });

  it('limits sign-ups per IP', async () => {
    const signup = (name: string) =>
      server.request('POST', '/api/auth/signup', {
        body: { username: name, password: 'password123', firstName: 'A', lastName: 'B' },
        headers: fromIp('10.0.2.1'),
      });
    expect((await signup('limit.one')).status).toBe(201);
    expect((await signup('limit.two')).status).toBe(201);
    const refused = await signup('limit.three');
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toContain('Too many sign-ups');
    // The refused sign-up created nothing.
    expect((await server.request('GET', '/api/users/limit.three')).status).toBe(404);
  });

  it('limits writes per user, not per IP', async () => {
    const token = await server.login('olu_ade', 'sync-demo-password');
    const post = (ip: string) =>
      server.request('POST', '/api/posts?return=post', {
        token,
        body: { postData: { content: 'rate limited?' } },
        headers: fromIp(ip),
      });
    for (let i = 0; i < 3; i++) expect((await post(`10.0.3.${i}`)).status).toBe(201);
    const refused = await post('10.0.3.200');
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

  it('limits reads per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) {
      statuses.push((await server.request('GET', '/api/health', { headers: fromIp('10.0.4.1') })).status);
    }
    expect(statuses.slice(0, 40).every((status) => status === 200)).toBe(true);
    expect(statuses[40]).toBe(429);
    expect((await server.request('GET', '/api/health', { headers: fromIp('10.0.4.2') })).status).toBe(200);
  });
});

describe('rate limits shared through Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    const env = { ...limited, REDIS_URL: redisUrl };
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
