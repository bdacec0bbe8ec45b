import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import type { InstanceConfig } from '../../config.js';
import { errorAnswer } from '../../platform/http/error-answers.js';
import { acceptMultipart } from '../uploads.js';
import { mediaRoutes } from './media.js';
import { bodyLimitBytes } from '../../platform/http/body-limit.js';
import { parseRailsParams, railsParams } from '../../platform/http/rails-params.js';
import { OAuthRefusal, isDomainError } from '../../use-cases/shared/domain-errors.js';
import { mastodonErrorAnswer } from '../../use-cases/mastodon/error-answers.js';
import { appRoutes, oauthEndpoints } from './oauth.js';
import { statusRoutes } from './statuses.js';
import { timelineRoutes } from './timelines.js';
import { accountRoutes } from './accounts.js';
import { registrationRoutes } from './registrations.js';
import { emailRoutes } from './emails.js';
import { searchRoutes } from './search.js';
import { suggestionRoutes } from './suggestions.js';
import { tagRoutes } from './tags.js';
import { trendRoutes } from './trends.js';
import { reportRateLimits } from './rate-limit-headers.js';
import { v1NotificationRoutes, v2NotificationRoutes } from './notifications.js';
import { viewerListRoutes } from './viewer-lists.js';
import { blockRoutes } from './blocks.js';
import { muteRoutes } from './mutes.js';
import { adminReportRoutes, reportRoutes } from './reports.js';
import { adminAccountRoutes } from './admin-accounts.js';
import { discoveryRoutes } from './discovery.js';
import { v1FixedAnswers } from './fixed-answers.js';
import { v1InstanceRoutes, v2InstanceRoutes } from './instance.js';
import { markerRoutes } from './markers.js';
import { filterRoutes, v1FilterRoutes } from './filters.js';
import { RecentAccesses } from './recent-accesses.js';
import type { LocalEventTransport } from '../../platform/live/transport.js';
import { streamingRoutes } from './streaming.js';
import { readRequestParts, undeclaredPathParams } from './request-schemas.js';

/**
 * The Mastodon client API (docs/decisions/070): `/api/v1`, `/api/v2`, the OAuth provider under
 * `/oauth` and discovery under `/.well-known` and `/nodeinfo`, over the same use cases and read
 * pipeline as Sync's own API, with the Mastodon views (read/views/mastodon). Encapsulated: its body
 * parsers, CORS and error answers (`{"error": "…"}`) are its own and leave `/api` as the spec has it.
 */

/** Any origin may call it (web apps such as Elk and Phanpy run elsewhere); apps read these headers. */
const exposedHeaders =
  'Link, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-Request-Id, Idempotency-Key';

function allowAnyOrigin(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', exposedHeaders);
    if (request.method === 'OPTIONS') {
      reply.header('access-control-allow-methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      reply.header(
        'access-control-allow-headers',
        request.headers['access-control-request-headers'] ?? 'Authorization, Content-Type, Idempotency-Key',
      );
      reply.header('access-control-max-age', '86400');
    }
  });
}

/** Mastodon's error body; OAuth endpoints add RFC 6749's `error_description`. */
function answerErrors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = isDomainError(error) ? mastodonErrorAnswer(error) : errorAnswer(error, request);
    if (error instanceof OAuthRefusal) {
      return reply.code(answer.status).send({ error: error.code, error_description: error.message });
    }
    if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', answer.retryAfterSeconds);
    return reply.code(answer.status).send({ error: answer.message });
  });
}

/** The fields of a multipart body as name–value pairs, in order (a repeated name comes as a list). */
function* multipartFields(body: unknown): Generator<[string, string]> {
  if (typeof body !== 'object' || body === null) return;
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') yield [name, item];
    }
  }
}

/**
 * Forms, multipart bodies and query strings read Rails-style (`id[]=1&id[]=2`), as Mastodon apps
 * write them. A multipart body's files are kept aside (api/uploads.ts), its fields read as a form.
 */
async function readRailsParams(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, parseRailsParams(String(body))),
  );
  // Files only where a route takes them (uploadRoute): the media routes, update_credentials.
  await acceptMultipart(app, { fieldSize: bodyLimitBytes, fields: 200, files: 0, parts: 200 });
  app.addHook('preValidation', async (request) => {
    const query = request.url.indexOf('?');
    request.query = query === -1 ? {} : parseRailsParams(request.url.slice(query + 1));
    if (request.isMultipart()) request.body = railsParams(multipartFields(request.body));
  });
}

/** One version's routes: its own "no such endpoint" answer and CORS preflight for every path. */
function apiVersion(register: (version: FastifyInstance) => Promise<void>): FastifyPluginAsync {
  return async (version) => {
    version.options('/*', async (_request, reply) => reply.code(204).send());
    version.setNotFoundHandler((request, reply) =>
      reply
        .code(404)
        .send({ error: `${request.method} ${request.url.split('?')[0]} is not an endpoint of this server.` }),
    );
    await register(version);
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The accesses bearer tokens gave a moment ago (recent-accesses.ts). */
    mastodonAccesses: RecentAccesses;
  }
}

export interface MastodonApiOptions {
  /** How the server names itself (INSTANCE_TITLE, INSTANCE_DESCRIPTION). */
  instance: InstanceConfig;
  /** How long a read may use the access read for an earlier request (VIEWER_CACHE_MS); 0: never. */
  recentAccessMs: number;
  /** The channel every process hears revoked tokens on. */
  events: LocalEventTransport;
}

export const mastodonApi: FastifyPluginAsync<MastodonApiOptions> = async (
  app,
  { instance, recentAccessMs, events },
) => {
  app.decorateRequest('access', null);
  app.decorate('mastodonAccesses', new RecentAccesses(app.deps, recentAccessMs, events));
  allowAnyOrigin(app);
  answerErrors(app);
  reportRateLimits(app);
  await readRailsParams(app);
  app.setValidatorCompiler(readRequestParts);
  app.addHook('onRoute', (route) => {
    const undeclared = undeclaredPathParams(route);
    if (undeclared.length > 0)
      throw new Error(
        `${String(route.method)} ${route.url}: its params schema and its path differ on ${undeclared.join(', ')}.`,
      );
  });
  await app.register(
    apiVersion(async (v1) => {
      await v1.register(appRoutes, { prefix: '/apps' });
      await v1.register(statusRoutes, { prefix: '/statuses' });
      await v1.register(mediaRoutes, { prefix: '/media', version: 1 });
      await v1.register(timelineRoutes, { prefix: '/timelines' });
      await v1.register(accountRoutes, { prefix: '/accounts' });
      await v1.register(registrationRoutes, { prefix: '/accounts' });
      await v1.register(emailRoutes, { prefix: '/emails' });
      await v1.register(trendRoutes, { prefix: '/trends' });
      await v1.register(tagRoutes, { prefix: '/tags' });
      await v1.register(v1NotificationRoutes, { prefix: '/notifications' });
      await v1.register(reportRoutes, { prefix: '/reports' });
      await v1.register(adminReportRoutes, { prefix: '/admin/reports' });
      await v1.register(adminAccountRoutes, { prefix: '/admin/accounts', version: 1 });
      await v1.register(viewerListRoutes);
      await v1.register(blockRoutes);
      await v1.register(muteRoutes);
      await v1.register(v1InstanceRoutes, { prefix: '/instance', settings: instance });
      await v1.register(markerRoutes, { prefix: '/markers' });
      await v1.register(v1FilterRoutes, { prefix: '/filters' });
      await v1.register(streamingRoutes, { prefix: '/streaming' });
      await v1.register(v1FixedAnswers);
    }),
    { prefix: '/api/v1' },
  );
  await app.register(
    apiVersion(async (v2) => {
      await v2.register(searchRoutes);
      await v2.register(mediaRoutes, { prefix: '/media', version: 2 });
      await v2.register(suggestionRoutes, { prefix: '/suggestions' });
      await v2.register(v2InstanceRoutes, { prefix: '/instance', settings: instance });
      await v2.register(v2NotificationRoutes, { prefix: '/notifications' });
      await v2.register(adminAccountRoutes, { prefix: '/admin/accounts', version: 2 });
      await v2.register(filterRoutes, { prefix: '/filters' });
    }),
    { prefix: '/api/v2' },
  );
  await app.register(oauthEndpoints);
  await app.register(discoveryRoutes);
};
