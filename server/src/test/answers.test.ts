/**
 * test/answers.ts against the app's route table: every route of both APIs (under `/api` and `/oauth`)
 * has an entry or is named below with the reason, every entry names a real route, and where a route
 * declares the schemas of its 2xx answers (what Fastify gave its serializer:
 * `routeSchemas.serializedAnswers`) the entry's schema is one of them, or a member of a union among them,
 * so a suite's typed reply is an answer the route declares.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from './answers.js';
import { startServer, type TestServer } from './harness.js';
import { mastodonStreamingRoutes } from './mastodon.js';
import { routeTable } from './route-table.js';

const streaming =
  'a stream of events, read by the streaming clients (test/mastodon-streaming.ts, event-stream-client.ts)';
const reportImage = "a reported image's bytes";

/** The routes whose success is no JSON a suite reads typed, and why. */
const unanswered: Record<string, string> = {
  'GET /api/events': streaming,
  ...Object.fromEntries(mastodonStreamingRoutes.map((route) => [route, streaming])),
  'GET /api/v1/streaming/health': 'the text OK',
  'GET /api/account/archive': "the account's archive, a ZIP download",
  'GET /api/account/export/:list': 'a list exported as a CSV download',
  'GET /api/admin/reports/:id/media/:mediaId': reportImage,
  'GET /api/admin/reports/:id/media/:mediaId/preview': reportImage,
  'GET /api/v1/admin/reports/:id/media/:media_id': reportImage,
  'GET /api/v1/admin/reports/:id/media/:media_id/preview': reportImage,
};

/** `METHOD /path` with each `:name` as `:`, as a route and an entry name the same place differently. */
const routeKey = (method: string, path: string) => `${method} ${path.replace(/:[^/]+/g, ':')}`;

/** The routes named without an entry, keyed as the table's routes are. */
const unansweredRoutes = new Set(
  Object.keys(unanswered).map((route) => {
    const [method, path] = route.split(' ');
    return routeKey(method!, path!);
  }),
);

/** Each entry of the table: its route's key, its pattern as written, and its schema. */
const entries = Object.entries(answers).flatMap(([method, table]) =>
  table.map(([pattern, schema]) => ({
    route: routeKey(method, pattern.split('?')[0]!),
    pattern: `${method} ${pattern}`,
    schema,
  })),
);

describe('the answers table holds every route of both APIs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite', { seed: false });
  });
  afterAll(() => server.close());

  const routes = () =>
    new Set(
      routeTable(server)
        .filter(({ path }) => /^\/(api|oauth)\//.test(path))
        .map(({ method, path }) => routeKey(method, path)),
    );

  it('every route has an entry or a reason, and every reason names a route without one', () => {
    const answered = new Set(entries.map(({ route }) => route));
    const all = routes();
    expect([...all].filter((route) => !answered.has(route) && !unansweredRoutes.has(route)).sort()).toEqual(
      [],
    );
    expect([...unansweredRoutes].filter((route) => !all.has(route) || answered.has(route))).toEqual([]);
  });

  it('every entry names a route of the app', () => {
    const all = routes();
    expect(entries.filter(({ route }) => !all.has(route)).map(({ pattern }) => pattern)).toEqual([]);
  });

  it("where a route declares its 2xx answers, each entry's schema is one of them", () => {
    // A route's declared 2xx schemas, a union's members each (a change's whole list or only what changed).
    const declared = new Map<string, unknown[]>();
    for (const { methods, url, httpStatus, schema } of server.app.routeSchemas.serializedAnswers) {
      if (!httpStatus.startsWith('2')) continue;
      for (const method of methods) {
        const key = routeKey(method, url.replace(/\/$/, ''));
        declared.set(key, [...(declared.get(key) ?? []), schema, ...unionMembers(schema)]);
      }
    }
    const differing = entries.filter(({ route, schema }) => {
      const schemas = declared.get(route);
      return (
        schemas !== undefined &&
        !schemas.some((one) => one === schema || JSON.stringify(one) === JSON.stringify(schema))
      );
    });
    expect(differing.map(({ pattern }) => pattern)).toEqual([]);
  });
});

/** A union schema's members (`anyOf`), or none. */
function unionMembers(schema: unknown): unknown[] {
  return typeof schema === 'object' && schema !== null && 'anyOf' in schema && Array.isArray(schema.anyOf)
    ? schema.anyOf
    : [];
}
