/**
 * Sync's limits on the Mastodon API, reported as Mastodon reports them: X-RateLimit-Limit, -Remaining
 * and -Reset (an ISO 8601 date) on every answer, and a 429 `{error}` with Retry-After past the limit.
 * Sync's own API answers as before, without those headers.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  demoPassword,
  describeEachDatabase,
  startServer,
  type Reply,
  type TestServer,
} from '../../test/harness.js';
import { accessToken, bearer, type MastodonError } from '../../test/mastodon.js';
import type { ErrorBody } from '@sync/contract';
import type { Status } from '@sync/contract/mastodon';

const reads = 5;
const writes = 3;
const windowMs = 5 * 60_000;

/** Each test plays its own client address (the server trusts one proxy, as behind a load balancer). */
const fromIp = (ip: string) => ({ 'x-forwarded-for': ip });

function rateLimitOf(reply: Reply) {
  const header = (name: string) => reply.headers.get(name);
  return {
    limit: Number(header('x-ratelimit-limit')),
    remaining: Number(header('x-ratelimit-remaining')),
    reset: header('x-ratelimit-reset'),
  };
}

describeEachDatabase('Mastodon API: rate limits', (dialect) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(dialect, {
      env: {
        RATE_LIMITS: 'on',
        RATE_LIMIT_READS: String(reads),
        RATE_LIMIT_WRITES: String(writes),
        TRUST_PROXY: '1',
      },
    });
    token = await accessToken(server, await server.login('noor.h', demoPassword));
  });
  afterAll(() => server.close());

  it('reads: Remaining goes down by one per request, Reset is a date within the window; then 429 {error}', async () => {
    const read = <Answer = Status[]>() =>
      server.request<Answer>('GET', '/api/v1/timelines/public?limit=1', { headers: fromIp('10.20.0.1') });
    for (let remaining = reads - 1; remaining >= 0; remaining -= 1) {
      const before = server.clock.now().getTime();
      const reply = await read();
      expect(reply.status).toBe(200);
      const limit = rateLimitOf(reply);
      expect({ limit: limit.limit, remaining: limit.remaining }).toEqual({ limit: reads, remaining });
      expect(limit.reset).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      const reset = Date.parse(limit.reset!);
      expect(reset).toBeGreaterThan(before);
      expect(reset).toBeLessThanOrEqual(server.clock.now().getTime() + windowMs);
    }
    const refused = await read<MastodonError>();
    expect(refused.status).toBe(429);
    expect(Object.keys(refused.body)).toEqual(['error']);
    expect(refused.body.error).toMatch(/^Too many requests\. Try again in \d+ (minutes?|seconds?)\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(rateLimitOf(refused)).toMatchObject({ limit: reads, remaining: 0 });
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');

    const elsewhere = await server.request('GET', '/api/v1/timelines/public?limit=1', {
      headers: fromIp('10.20.0.2'),
    });
    expect(elsewhere.status).toBe(200);
    expect(rateLimitOf(elsewhere).remaining).toBe(reads - 1);
  });

  it("a person's writes are counted by person, whatever the address; past the limit nothing is posted", async () => {
    const post = (index: number) =>
      server.request('POST', '/api/v1/statuses', {
        token: bearer(token),
        body: { status: `limited ${index}` },
        headers: fromIp(`10.21.0.${index}`),
      });
    const first = await post(0);
    expect(first.status).toBe(200);
    const { remaining } = rateLimitOf(first);
    expect(rateLimitOf(first).limit).toBe(writes);
    let index = 1;
    for (let left = remaining - 1; left >= 0; left -= 1, index += 1) {
      const reply = await post(index);
      expect(reply.status).toBe(200);
      expect(rateLimitOf(reply).remaining).toBe(left);
    }
    const countBefore = await server.database.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const refused = await post(index);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: expect.stringMatching(/^You're posting too fast\. Try again in/) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(rateLimitOf(refused)).toMatchObject({ limit: writes, remaining: 0 });
    const countAfter = await server.database.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(countAfter.count)).toBe(Number(countBefore.count));
  });

  it("Sync's own API answers without X-RateLimit headers, its refusals as before", async () => {
    const reply = await server.request('GET', '/api/posts?limit=1', { headers: fromIp('10.22.0.1') });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-ratelimit-limit')).toBeNull();
    expect(reply.headers.get('x-ratelimit-remaining')).toBeNull();
    expect(reply.headers.get('x-ratelimit-reset')).toBeNull();
    for (let index = 1; index < reads; index += 1) {
      await server.request('GET', '/api/posts?limit=1', { headers: fromIp('10.22.0.1') });
    }
    const refused = await server.request<ErrorBody>('GET', '/api/posts?limit=1', {
      headers: fromIp('10.22.0.1'),
    });
    expect(refused.status).toBe(429);
    expect(refused.body.errors).toHaveLength(1);
    expect(refused.headers.get('x-ratelimit-remaining')).toBeNull();
  });
});
