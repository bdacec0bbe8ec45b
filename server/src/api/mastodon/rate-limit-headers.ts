import type { FastifyInstance } from 'fastify';
import { registerReadLimit } from '../../platform/http/rate-limits.js';

/**
 * Sync's own limits on the Mastodon API, told to apps as Mastodon tells them
 * (https://docs.joinmastodon.org/api/rate-limits/): reads counted by address, as on Sync's API, and a
 * person's writes by person (`mastodonAccess` counts those); every answer, a refusal too, says where
 * the request stands against the limit that counted it, and when that limit starts over (ISO 8601).
 */
export function reportRateLimits(app: FastifyInstance): void {
  registerReadLimit(app);
  app.addHook('onSend', async (request, reply) => {
    const state = request.limitState;
    if (!state) return;
    const reset = new Date(app.deps.clock.now().getTime() + state.resetInMs);
    reply.header('x-ratelimit-limit', state.max);
    reply.header('x-ratelimit-remaining', state.remaining);
    reply.header('x-ratelimit-reset', reset.toISOString());
  });
}
