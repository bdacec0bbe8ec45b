import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { webClientWithPublicFiles } from '../../test/web-client.js';

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

describe('the web client seen from other origins', () => {
  const client = webClientWithPublicFiles();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite', { env: { WEB_DIR: client.webDir } });
  });
  afterAll(async () => {
    await server.close();
    client.remove();
  });

  const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
  const consent =
    '/oauth/authorize?response_type=code&client_id=abc&redirect_uri=https%3A%2F%2Fapp.example%2Fcallback&scope=read';

  it("a page opened as another origin's popup (an app's sign-in) keeps its opener, and is never framed", async () => {
    // The consent page, the sign-in it sends a visitor through, and pages a visitor may go on to in that
    // popup: a Cross-Origin-Opener-Policy of same-origin on any of them cuts the app's window off.
    for (const page of [consent, '/login', '/signup', '/', '/index.html', '/profile/maya.chen']) {
      const reply = await server.request('GET', page, { headers: { accept: browser } });
      expect(reply.status, page).toBe(200);
      expect(reply.headers.get('content-type'), page).toMatch(/^text\/html/);
      expect(reply.headers.get('cross-origin-opener-policy'), page).toBe('unsafe-none');
      expect(reply.headers.get('content-security-policy'), page).toContain("frame-ancestors 'none'");
      expect(reply.headers.get('x-frame-options'), page).toBe('DENY');
    }
  });

  it('public images (avatars, the default header, the thumbnail, the icon) load in a page of any origin', async () => {
    const origin = { origin: 'https://phanpy.example' };
    for (const image of [
      '/avatars/default.png',
      '/avatars/maya.chen.png',
      '/avatars/maya.chen.svg',
      '/headers/default.png',
      '/thumbnail.png',
      '/favicon.svg',
    ]) {
      const reply = await server.request('GET', image, { headers: origin });
      expect(reply.status, image).toBe(200);
      expect(reply.headers.get('content-type'), image).toMatch(/^image\//);
      expect(reply.headers.get('cross-origin-resource-policy'), image).toBe('cross-origin');
      expect(reply.headers.get('access-control-allow-origin'), image).toBe('*');
    }
  });

  it("a request for ActivityPub JSON only gets 406 and a JSON error, never the web client's HTML", async () => {
    for (const accept of [
      'application/activity+json',
      'application/ld+json; profile="https://www.w3.org/ns/activitystreams"',
      'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"',
      'APPLICATION/ACTIVITY+JSON;q=0.9',
    ]) {
      for (const page of [
        '/users/maya.chen',
        '/profile/maya.chen',
        '/post/1',
        '/',
        '/index.html',
        '/avatars/default.png',
      ]) {
        const reply = await server.request('GET', page, { headers: { accept } });
        expect(reply.status, `${page} ${accept}`).toBe(406);
        expect(reply.headers.get('vary')?.split(/,\s*/)).toContain('accept');
        expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
        expect(reply.body).toEqual({
          errors: [
            `There is no ActivityPub JSON at ${page}: Sync does not serve ActivityPub yet (its pages and files are for browsers).`,
          ],
        });
      }
    }
  });

  it('a browser, or a client that takes HTML too, still gets the page; API answers are unchanged', async () => {
    for (const accept of [browser, 'application/activity+json, text/html;q=0.5', '*/*', '']) {
      const reply = await server.request('GET', '/users/maya.chen', { headers: { accept } });
      expect(reply.status, accept).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      // A shared cache keeps the page and the 406 apart.
      expect(reply.headers.get('vary')?.split(/,\s*/)).toContain('accept');
    }
    const api = await server.request('GET', '/api/health', {
      headers: { accept: 'application/activity+json' },
    });
    expect(api.status).toBe(200);
    const missing = await server.request('GET', '/api/nope', {
      headers: { accept: 'application/activity+json' },
    });
    expect(missing.status).toBe(404);
  });
});
