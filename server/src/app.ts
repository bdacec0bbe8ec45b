import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import secureJson from 'secure-json-parse';
import { authPlugin } from './auth/auth.plugin.js';
import { authRoutes } from './auth/auth.routes.js';
import { createTokenService, type TokenService } from './auth/tokens.js';
import { bookmarkRoutes } from './bookmarks/bookmarks.routes.js';
import { commentRoutes } from './comments/comments.routes.js';
import type { Config } from './config.js';
import type { DatabaseHandle, Db, Dialect } from './db/database.js';
import { followRoutes } from './follows/follows.routes.js';
import { HttpError, Messages } from './http/errors.js';
import { healthRoutes } from './http/health.routes.js';
import { CursorCodec } from './http/pagination.js';
import { describeValidationError, validatorCompiler } from './http/validation.js';
import { rateLimitPlugin, registerReadLimit } from './http/rate-limits.js';
import { registerSecurityHeaders } from './http/security.js';
import { postRoutes } from './posts/posts.routes.js';
import { userRoutes } from './users/users.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: Dialect;
    tokens: TokenService;
    cursors: CursorCodec;
  }
}

export const bodyLimitBytes = 64 * 1024;

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  jwtSecret: string;
  logger?: boolean;
}

export type App = FastifyInstance;

export async function buildApp({ config, database, jwtSecret, logger = true }: AppOptions): Promise<App> {
  const app = Fastify({
    logger: logger
      ? { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] }
      : false,
    bodyLimit: bodyLimitBytes,
    // Sessions are stateless tokens, so any process can answer any request; ids tie log lines together.
    requestIdHeader: 'x-request-id',
    trustProxy: config.trustProxy,
    // URLs refused by the router itself (bad %-encoding, overlong ids) answer like every other error.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A part of the URL is too long: ids and usernames are at most 100 characters.'
          : 'The URL is not valid: check its %-encoding.';
      void (reply as FastifyReply).code(status).send({ errors: [message] });
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // JSON only: a text/plain body is refused with 415 rather than silently ignored.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  // The spec's client posts likes, bookmarks and follows with an empty body: treat it as no body.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' }));
    } catch {
      done(new HttpError(400, 'The request body is not valid JSON.'), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send({ errors: [error.message] });
    if (error.validation?.[0]) {
      return reply
        .code(400)
        .send({ errors: [describeValidationError(error.validation[0], error.validationContext ?? 'body')] });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ errors: [clientErrorMessage(error)] });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ errors: [Messages.internal] });
  });

  await registerSecurityHeaders(app);
  await app.register(rateLimitPlugin, config.rateLimits);
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('db', database.db);
        instance.decorate('dialect', database.dialect);
        instance.decorate('tokens', createTokenService(jwtSecret, config.tokenTtlSeconds));
        instance.decorate('cursors', new CursorCodec(jwtSecret));
      },
      { name: 'deps' },
    ),
  );
  await app.register(authPlugin);

  await app.register(
    async (api) => {
      registerReadLimit(api);
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(postRoutes, { prefix: '/posts' });
      await api.register(commentRoutes, { prefix: '/comments' });
      await api.register(userRoutes, { prefix: '/users' });
      await api.register(bookmarkRoutes, { prefix: '/users' });
      await api.register(followRoutes, { prefix: '/users' });
    },
    { prefix: '/api' },
  );

  await registerWebClient(app, config.webDir);
  return app;
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `The request body is too large: the limit is ${bodyLimitBytes / 1024} KB.`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as JSON, with the header Content-Type: application/json.';
    default:
      return error.message;
  }
}

/** Serves the built client, and index.html for any other GET so deep links work (SPA fallback). */
async function registerWebClient(app: App, webDir: string) {
  const hasClient = fs.existsSync(path.join(webDir, 'index.html'));
  if (hasClient) await app.register(fastifyStatic, { root: webDir, wildcard: false });
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasClient && request.method === 'GET') return reply.sendFile('index.html');
    return reply
      .code(404)
      .send({ errors: [`There is no route ${request.method} ${request.url.split('?')[0]}.`] });
  });
}
