import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitConfig } from '../../config.js';
import { HttpError } from './errors.js';

export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Where a request stands against the last limit it was counted by. */
export interface LimitState {
  max: number;
  remaining: number;
  /** How long until the window starts over and `remaining` is `max` again. */
  resetInMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: Record<
      | 'loginByIp'
      | 'loginByUsername'
      | 'passwordChecks'
      | 'signup'
      | 'usernameChecks'
      | 'writes'
      | 'reads'
      | 'uploads'
      | 'imports'
      | 'emailByIp'
      | 'emailByAddress',
      Limiter
    >;
  }
  interface FastifyRequest {
    /**
     * Set by each limit the request is counted by (none while limits are off): the Mastodon API tells
     * apps in X-RateLimit-* headers; Sync's own API does not.
     */
    limitState: LimitState | null;
  }
}

const minutes = (count: number) => count * 60_000;

/**
 * Mastodon-style limits. Counters live in memory, or in Redis when REDIS_URL is set so that every
 * server process shares them. A Redis outage lets requests through rather than taking Sync down: a
 * Redis that is down fails at once (no offline queue), one that does not answer within
 * `redisCommandTimeoutMs` is given up on (skipOnError lets the request through).
 */
export const rateLimitPlugin = fp<RateLimitConfig>(
  async (app, config) => {
    // ioredis is loaded only when configured, so a single process does not spend start-up time on it.
    const redis = config.redisUrl
      ? new (await import('ioredis')).Redis(config.redisUrl, {
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          connectTimeout: 2000,
          commandTimeout: config.redisCommandTimeoutMs || undefined,
        })
      : undefined;
    if (redis) {
      // Limits fail open while Redis is away; say so once per outage instead of ioredis's unhandled
      // error on every reconnect attempt.
      let away = false;
      redis.on('error', (error: Error) => {
        if (!away) app.log.warn({ err: error }, 'rate limits: Redis is not reachable; limits are skipped');
        away = true;
      });
      redis.on('ready', () => (away = false));
      app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
      // Commands fail at once until the connection is ready (no offline queue), so limits would be
      // skipped for the first requests after start: wait for it, as long as one connection attempt.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2000);
        redis.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    await app.register(rateLimit, {
      global: false,
      skipOnError: true,
      nameSpace: 'sync-rate-',
      ...(redis ? { redis } : {}),
    });
    app.decorateRequest('limitState', null);

    const limiter = (
      name: string,
      max: number,
      timeWindow: number,
      key: (request: FastifyRequest) => string,
      refusal: string,
    ): Limiter => {
      if (!config.enabled) return async () => undefined;
      const check = app.createRateLimit({
        max,
        timeWindow,
        keyGenerator: (request) => `${name}:${key(request)}`,
      });
      return async (request, reply) => {
        const limit = await check(request);
        if (limit.isAllowed) return;
        request.limitState = { max: limit.max, remaining: limit.remaining, resetInMs: limit.ttl };
        if (!limit.isExceeded) return;
        reply.header('retry-after', limit.ttlInSeconds);
        throw new HttpError(429, `${refusal} Try again in ${describeWait(limit.ttlInSeconds)}.`);
      };
    };

    const usernameOf = (request: FastifyRequest) => {
      const body = request.body as { username?: unknown } | undefined;
      return typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
    };

    // The address asked about, or else the signed-in person's own (a Mastodon app asking for their link).
    const addressOf = (request: FastifyRequest) => {
      const body = request.body as { email?: unknown } | undefined;
      const address = typeof body?.email === 'string' ? body.email : (request.viewer?.email ?? '');
      return address.trim().toLowerCase();
    };

    app.decorate('limits', {
      loginByIp: limiter('login-ip', config.login, minutes(5), (r) => r.ip, 'Too many login attempts.'),
      loginByUsername: limiter(
        'login-user',
        config.login,
        minutes(5),
        usernameOf,
        'Too many login attempts for this username.',
      ),
      // A stolen session must not become a way to guess the password faster than logging in allows.
      passwordChecks: limiter(
        'password-check',
        config.login,
        minutes(5),
        (r) => r.viewer?.id ?? r.ip,
        'Too many password attempts.',
      ),
      signup: limiter(
        'signup',
        config.signup,
        minutes(30),
        (r) => r.ip,
        'Too many sign-ups from your network.',
      ),
      // Asked as a name is typed at sign-up, so more often than logins, and counted apart from them: a
      // person choosing a name must not use up their login attempts.
      usernameChecks: limiter(
        'username-check',
        config.login * 4,
        minutes(5),
        (r) => r.ip,
        'Too many username checks from your network.',
      ),
      writes: limiter(
        'writes',
        config.writes,
        minutes(5),
        (r) => r.viewer?.id ?? r.ip,
        "You're posting too fast.",
      ),
      // Mail asked for an address (a password reset, a confirmation link): whoever asks, an inbox gets
      // a few per hour; one network may ask for a few addresses. The refusal is the same whether or not
      // the address has an account.
      emailByAddress: limiter(
        'email-address',
        config.email,
        minutes(60),
        addressOf,
        'Several emails were sent to this address in the last hour.',
      ),
      emailByIp: limiter(
        'email-ip',
        config.email * 4,
        minutes(60),
        (r) => r.ip,
        'Too many emails were asked for from your network.',
      ),
      reads: limiter('reads', config.reads, minutes(5), (r) => r.ip, 'Too many requests.'),
      // Counted before the file is read: a refused upload costs its sender, not the server.
      uploads: limiter(
        'uploads',
        config.uploads,
        minutes(30),
        (r) => r.viewer?.id ?? r.ip,
        `You have uploaded ${config.uploads} images in the last 30 minutes, the most Sync takes.`,
      ),
      // One import is up to 5,000 follows, blocks, mutes or bookmarks: it counts as one write, and apart.
      imports: limiter(
        'imports',
        config.imports,
        minutes(60),
        (r) => r.viewer?.id ?? r.ip,
        `You have imported ${config.imports} lists in the last hour, the most Sync takes.`,
      ),
    });
  },
  { name: 'rate-limits' },
);

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const wholeMinutes = Math.ceil(seconds / 60);
  return `${wholeMinutes} minute${wholeMinutes === 1 ? '' : 's'}`;
}

export function registerReadLimit(api: FastifyInstance) {
  api.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') await api.limits.reads(request, reply);
  });
}
