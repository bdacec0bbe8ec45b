import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { unavailableRetryAfterSeconds } from './errors.js';

export const overloadMessage = 'The server is overloaded right now. Try again in a few seconds.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/under-pressure reads it per route; answering nothing lets the request through. */
    pressureHandler?: () => void;
  }
}

/**
 * Route config for a route that is served under pressure too, at once, never queued behind other work
 * (`http/admission.ts`): health, which reports the pressure itself, and long-lived event streams, which
 * must not be cut at every spike nor hold a turn for as long as they are open.
 */
export const servedUnderPressure = { pressureHandler: () => undefined, unqueued: true };

/**
 * While the event loop lags more than `maxEventLoopDelayMs` (averaged over each second; 0 turns it off),
 * new requests are answered 503 with Retry-After at once, cheaply, instead of queueing until clients
 * give up. The error handler turns the plugin's error (code FST_UNDER_PRESSURE) into
 * `{errors: [overloadMessage]}`.
 */
export async function shedLoadUnderPressure(app: FastifyInstance, maxEventLoopDelayMs: number) {
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    retryAfter: unavailableRetryAfterSeconds,
  });
}
