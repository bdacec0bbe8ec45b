import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.js';
import { deferredSchemaCompilers, type DeferredSchemaCompilers } from './schema-compilers.js';

describe('route schemas compiled on first use', () => {
  let app: FastifyInstance;
  let schemas: DeferredSchemaCompilers;

  afterEach(() => app.close());

  /** Two routes, each with a body validator and a response serializer: four schemas. */
  async function twoRoutes(): Promise<void> {
    schemas = deferredSchemaCompilers();
    app = Fastify({ schemaController: schemas.schemaController });
    for (const path of ['/first', '/second']) {
      app.post(path, {
        schema: {
          body: {
            type: 'object',
            required: ['name'],
            properties: { name: { type: 'string', maxLength: 5 } },
          },
          response: { 200: { type: 'object', properties: { name: { type: 'string' } } } },
        },
        // The serializer keeps the declared field only: `secret` shows that the compiled one ran.
        handler: (request) => ({ ...(request.body as object), secret: 'not in the schema' }),
      });
    }
    await app.ready();
  }

  it('compiles nothing at start and only what a request needs', async () => {
    await twoRoutes();
    expect(schemas.waiting).toBe(4);

    const answer = await app.inject({ method: 'POST', url: '/first', payload: { name: 'ada' } });
    expect(answer.json()).toEqual({ name: 'ada' });
    expect(schemas.waiting).toBe(2);
  });

  it('reports what is invalid, from the first request on', async () => {
    await twoRoutes();
    const tooLong = await app.inject({ method: 'POST', url: '/second', payload: { name: 'x'.repeat(6) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('must NOT have more than 5 characters');
    const missing = await app.inject({ method: 'POST', url: '/second', payload: {} });
    expect(missing.json().message).toContain("must have required property 'name'");
  });

  it('compiles whatever is still waiting on request', async () => {
    await twoRoutes();
    await app.inject({ method: 'POST', url: '/first', payload: { name: 'ada' } });
    await schemas.compileWaiting();
    expect(schemas.waiting).toBe(0);
  });
});

describe("Sync's own route schemas", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite', { seed: false });
  });
  afterAll(() => server.close());

  it('all compile', async () => {
    // The first answer started compiling them in the background; this finishes the job, and throws on a bad one.
    await server.app.routeSchemas.compileWaiting();
    expect(server.app.routeSchemas.waiting).toBe(0);
  });
});
