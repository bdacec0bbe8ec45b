/**
 * Every Mastodon route declares the schema of its 2xx answer (decision 123), read from the route table,
 * so a new route cannot answer JSON undeclared: the routes are the app's own (`mastodonRoutes`), and
 * what each declares is what Fastify gave a serializer when it built the route
 * (`routeSchemas.serializedAnswers`). A route that answers no JSON of the client API is named below
 * with the reason; the last test fails for a route missing a schema, and for a line here that names no
 * route or a route that declares one after all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.js';
import { mastodonRoutes, mastodonStreamingRoutes } from '../../test/mastodon.js';

const streaming = 'a WebSocket (its events are serialised from the same schemas: stream-connections.ts)';
const reportImage = "an image's bytes";

/** The routes that answer no JSON of the client API, or never a 2xx, and why. */
const undeclared: Record<string, string> = {
  ...Object.fromEntries(mastodonStreamingRoutes.map((route) => [route, streaming])),
  'GET /api/v1/streaming/health': 'the text OK',
  'GET /api/v1/admin/reports/:id/media/:media_id': reportImage,
  'GET /api/v1/admin/reports/:id/media/:media_id/preview': reportImage,
  'POST /api/v1/statuses/:id/pin': 'refused every time (422): Sync has no pinned statuses',
  'GET /.well-known/host-meta': 'a discovery document in XML (XRD)',
};

describe('the Mastodon routes declare their answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite', { seed: false });
  });
  afterAll(() => server.close());

  /** `METHOD /path` of every route that declares a schema for a 2xx answer. */
  const declaredRoutes = () =>
    new Set(
      server.app.routeSchemas.serializedAnswers
        .filter(({ httpStatus }) => httpStatus.startsWith('2'))
        .flatMap(({ methods, url }) => methods.map((method) => `${method} ${url.replace(/\/$/, '')}`)),
    );

  it('every route answering JSON declares its 2xx answer, and every exception names a route without one', () => {
    const declared = declaredRoutes();
    const routes = mastodonRoutes(server);
    expect(routes.filter((route) => !declared.has(route) && !(route in undeclared))).toEqual([]);
    expect(Object.keys(undeclared).filter((route) => !routes.includes(route) || declared.has(route))).toEqual(
      [],
    );
  });
});
