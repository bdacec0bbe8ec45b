import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';

describeEachDatabase('security headers and health', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  it('sends a strict CSP, nosniff, a referrer policy and frame protection', async () => {
    const reply = await server.request('GET', '/api/posts');
    const csp = reply.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(reply.headers.get('x-frame-options')).toBe('DENY');
  });

  it('reports health with the database it reached', async () => {
    const reply = await server.request('GET', '/api/health');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'ok', database: dialect, events: 'ok' });
  });

  it('answers 503 on /api/health when the database is unreachable', async () => {
    const probe = await startServer(dialect);
    await probe.database.db.destroy();
    const reply = await probe.request('GET', '/api/health');
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ status: 'unavailable', database: dialect, events: 'ok' });
    await probe.app.close();
  });

  it('answers unknown API routes with a 404 naming the route', async () => {
    const reply = await server.request('GET', '/api/nope');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ errors: ['There is no route GET /api/nope.'] });
  });
});
