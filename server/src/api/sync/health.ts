import { HealthReply } from '@sync/contract';
import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { unavailableRetryAfterSeconds } from '../../platform/http/errors.js';
import { servedUnderPressure } from '../../platform/http/overload.js';

/** A load balancer waits about 2 s for a health answer; a database that does not answer by then is down. */
export const healthCheckTimeoutMs = 1500;

/**
 * `200 {status: "ok"}`; `503` with `status: "overloaded"` while requests are being shed, or
 * `"unavailable"` when the database does not answer within `healthCheckTimeoutMs`. `events` says whether
 * live events flow ("unavailable" while Redis is down).
 */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: HealthReply, 503: HealthReply } }, config: servedUnderPressure },
    async (_request, reply) => {
      const database = app.dialect;
      // Paused live events leave the server up (every other answer works): they are reported, not a 503.
      const events: HealthReply['events'] = app.live.healthy ? 'ok' : 'unavailable';
      if (app.isUnderPressure()) {
        return reply
          .code(503)
          .header('retry-after', unavailableRetryAfterSeconds)
          .send({ status: 'overloaded', database, events });
      }
      try {
        await withTimeout(sql`select 1`.execute(app.db), healthCheckTimeoutMs);
        return { status: 'ok', database, events };
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply
          .code(503)
          .header('retry-after', unavailableRetryAfterSeconds)
          .send({ status: 'unavailable', database, events });
      }
    },
  );
};

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
