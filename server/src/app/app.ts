import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import secureJson from 'secure-json-parse';
import { accountRoutes } from '../api/sync/account.js';
import { authPlugin } from '../api/sync/auth.plugin.js';
import { authRoutes } from '../api/sync/auth.js';
import { bookmarkRoutes } from '../api/sync/bookmarks.js';
import { commentRoutes } from '../api/sync/comments.js';
import { systemClock, type Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { DatabaseHandle, Db, Dialect } from '../data/database.js';
import type { Deps } from '../use-cases/shared/deps.js';
import { emailRoutes } from '../api/sync/email.js';
import { eventRoutes } from '../api/sync/events.js';
import { openLiveEvents } from './live-events.js';
import { buildDeps } from './deps.js';
import type { LiveHub } from '../platform/live/hub.js';
import type { StreamSlots } from '../platform/live/stream-slots.js';
import type { EventTransport } from '../platform/live/transport.js';
import { followRoutes } from '../api/sync/follows.js';
import { blockRoutes } from '../api/sync/blocks.js';
import { muteRoutes } from '../api/sync/mutes.js';
import { reportQueueRoutes, reportRoutes } from '../api/sync/reports.js';
import { filterRoutes } from '../api/sync/filters.js';
import { registerCompression } from '../platform/http/compression.js';
import { registerWebClient } from '../platform/http/web-client.js';
import { admitRequests } from '../platform/http/admission.js';
import { lingerAfterEarlyAnswers } from '../platform/http/lingering-close.js';
import { limitConnections } from '../platform/http/connection-limits.js';
import { HttpError } from '../platform/http/errors.js';
import { errorAnswer } from '../platform/http/error-answers.js';
import { isDomainError } from '../use-cases/shared/domain-errors.js';
import { syncErrorAnswer } from '../use-cases/sync/error-answers.js';
import { bodyLimitBytes } from '../platform/http/body-limit.js';
import { healthRoutes } from '../api/sync/health.js';
import { shedLoadUnderPressure } from '../platform/http/overload.js';
import { proxyTrust } from '../platform/http/proxy-trust.js';
import { deferredSchemaCompilers, type DeferredSchemaCompilers } from '../platform/http/schema-compilers.js';
import { rateLimitPlugin, registerReadLimit } from '../platform/http/rate-limits.js';
import { registerSecurityHeaders } from '../platform/http/security.js';
import { FailedOrSlowRequests } from '../platform/http/request-log.js';
import { logDestination } from '../platform/logging.js';
import { notificationRoutes } from '../api/sync/notifications.js';
import { postRoutes } from '../api/sync/posts.js';
import { repostRoutes } from '../api/sync/reposts.js';
import { searchRoutes } from '../api/sync/search.js';
import { timelineRoutes } from '../api/sync/timeline.js';
import { userRoutes } from '../api/sync/users.js';
import { mastodonApi } from '../api/mastodon/index.js';
import { oauthRoutes } from '../api/sync/oauth.js';
import { instanceRoutes } from '../api/sync/instance.js';
import { inviteRoutes } from '../api/sync/invites.js';
import { roleRoutes } from '../api/sync/roles.js';
import { registrationRoutes } from '../api/sync/registrations.js';
import { moderationRoutes } from '../api/sync/moderation.js';
import { runQueuedJobs, runScheduledJobs } from './jobs.js';
import { mediaRoutes } from '../api/sync/media.js';
import { mediaFileRoutes } from '../api/files/media.js';
import { openMediaStore } from '../platform/media/open-store.js';
import { openMailer } from '../platform/mail/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: Dialect;
    deps: Deps;
    live: LiveHub;
    routeSchemas: DeferredSchemaCompilers;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  jwtSecret: string;
  logger?: boolean;
  /** Tests set the time; the server reads the system's. */
  clock?: Clock;
  /** How live events reach the other processes; by default Redis when configured, else this process only. */
  eventTransport?: EventTransport;
  /** Counts each user's open streams where `eventTransport` reaches (this process only by default). */
  streamSlots?: StreamSlots;
  /** The cluster worker's id (`WORKERS` > 1), answered in `x-sync-worker` so one can tell who served. */
  workerId?: number | undefined;
}

export type App = FastifyInstance;

export async function buildApp({
  config,
  database,
  jwtSecret,
  logger = true,
  clock = systemClock,
  eventTransport,
  streamSlots,
  workerId,
}: AppOptions): Promise<App> {
  const trust = proxyTrust(config.trustProxy);
  const { connections } = config;
  const schemas = deferredSchemaCompilers();
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: ['req.headers.authorization', 'req.headers.cookie'],
          stream: logDestination(config.logFormat),
        }
      : false,
    // In a terminal, a request gets a line only when it failed (5xx) or was slow; JSON logs keep them all.
    ...(config.logFormat === 'pretty' && { logController: new FailedOrSlowRequests(config.logSlowMs) }),
    bodyLimit: bodyLimitBytes,
    // Sessions are stateless tokens, so any process can answer any request; ids tie log lines together.
    requestIdHeader: 'x-request-id',
    trustProxy: config.trustProxy === false ? false : trust,
    // A client gets this long to send its request; idle keep-alive connections close after their own
    // timeout. Neither cuts a long response (server-sent events): they bound what the client sends.
    requestTimeout: connections.requestTimeoutMs,
    keepAliveTimeout: connections.keepAliveTimeoutMs,
    http: {
      headersTimeout: connections.headersTimeoutMs,
      // How often Node looks for requests past their time (its default, 30 s, would let a slow client
      // keep its connection up to 30 s past the limit).
      connectionsCheckingInterval: 1000,
    },
    schemaController: schemas.schemaController,
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

  app.decorate('routeSchemas', schemas);
  // The schemas no request has needed yet compile in the background once the first answer is out: a
  // start is judged by how soon it answers (a load balancer's health check, a first reader). 'close'
  // rather than 'finish': it also comes when the first client hangs up before its answer is sent.
  app.server.once('request', (_request, response) =>
    response.once('close', () => {
      schemas
        .compileWaiting()
        .catch((error: unknown) => app.log.error({ err: error }, 'a route schema does not compile'));
    }),
  );
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
    const answer = isDomainError(error) ? syncErrorAnswer(error) : errorAnswer(error, request);
    if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', answer.retryAfterSeconds);
    return reply.code(answer.status).send({ errors: [answer.message] });
  });

  if (workerId !== undefined) {
    app.addHook('onRequest', async (_request, reply) => void reply.header('x-sync-worker', String(workerId)));
  }
  database.onConnectionLost((error) =>
    app.log.warn({ err: error }, 'a database connection was closed; new requests get a fresh one'),
  );
  // Refusals first: a connection over its cap or a request while overloaded costs as little as possible.
  limitConnections(app, connections, (address) => trust(address, 0));
  lingerAfterEarlyAnswers(app, connections.lingeringTimeoutMs);
  await shedLoadUnderPressure(app, connections.maxEventLoopDelayMs);
  admitRequests(app, config.admission);
  registerSecurityHeaders(app);
  // Before every route: it attaches itself to each route as the route is added.
  await registerCompression(app);
  await app.register(rateLimitPlugin, config.rateLimits);
  const mediaStore = await openMediaStore(config.media.store);
  app.addHook('onClose', async () => mediaStore.close?.());
  const mailer = openMailer(config.mail, app.log);
  app.addHook('onClose', async () => mailer.close());
  const live = await openLiveEvents(
    config,
    app.log,
    eventTransport && { transport: eventTransport, slots: streamSlots },
  );
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('db', database.db);
        instance.decorate('dialect', database.dialect);
        const deps = buildDeps({
          config,
          database,
          jwtSecret,
          clock,
          events: live.transport,
          mediaStore,
          mailer,
        });
        instance.decorate('deps', deps);
        database.onWritesUndone((error) => {
          deps.hydrator.forgetAll();
          app.log.error(
            { err: error },
            'a group of SQLite transactions failed to commit; cached posts forgotten',
          );
        });
        instance.decorate('live', live.hub(deps));
        // Open streams would hold a graceful shutdown until its deadline: they end first.
        instance.addHook('preClose', async () => instance.live.closeAll());
        instance.addHook('onClose', async () => instance.live.close());
      },
      { name: 'deps' },
    ),
  );
  await app.register(authPlugin, { recentViewersMs: config.viewerCacheMs, events: live.transport });
  runScheduledJobs(app);
  runQueuedJobs(app, config.jobQueue);

  // Health answers load balancers, whatever the rate limits and Redis are doing.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(
    async (api) => {
      registerReadLimit(api);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(accountRoutes, { prefix: '/account' });
      await api.register(emailRoutes);
      await api.register(postRoutes, { prefix: '/posts' });
      await api.register(commentRoutes, { prefix: '/comments' });
      await api.register(userRoutes, { prefix: '/users' });
      await api.register(bookmarkRoutes, { prefix: '/users' });
      await api.register(followRoutes, { prefix: '/users' });
      await api.register(blockRoutes);
      await api.register(muteRoutes);
      await api.register(notificationRoutes, { prefix: '/notifications' });
      await api.register(reportRoutes, { prefix: '/reports' });
      await api.register(reportQueueRoutes, { prefix: '/admin/reports' });
      await api.register(filterRoutes, { prefix: '/filters' });
      await api.register(mediaRoutes);
      await api.register(repostRoutes);
      await api.register(timelineRoutes);
      await api.register(searchRoutes);
      await api.register(eventRoutes, { prefix: '/events' });
      await api.register(oauthRoutes, { prefix: '/oauth' });
      await api.register(instanceRoutes, { defaults: config.instance });
      await api.register(inviteRoutes);
      await api.register(roleRoutes);
      await api.register(registrationRoutes);
      await api.register(moderationRoutes, { prefix: '/admin' });
    },
    { prefix: '/api' },
  );

  await app.register(mastodonApi, {
    instance: config.instance,
    recentAccessMs: config.viewerCacheMs,
    events: live.transport,
  });

  await app.register(mediaFileRoutes);
  await registerWebClient(app, { webDir: config.webDir, publicDir: config.publicDir });
  return app;
}
