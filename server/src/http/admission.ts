import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unavailable } from './errors.js';
import { overloadMessage } from './overload.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is answered at once, never queued: health, and long-lived streams that would hold a turn. */
    unqueued?: boolean;
  }
}

export interface AdmissionLimits {
  /** Requests worked on at once (0: no limit). */
  maxInFlight: number;
  /** The longest a request waits for its turn before it is answered 503. */
  maxQueueMs: number;
}

interface Waiting {
  since: number;
  /** Its connection closed while it waited: it is let go without a turn. */
  gone: () => boolean;
  admit: () => void;
  refuse: () => void;
}

/**
 * Admission control: at most `maxInFlight` requests are worked on at once; the others wait for their
 * turn in arrival order, at most `maxQueueMs`, and are then answered 503 with Retry-After.
 *
 * Why a queue in front of the work rather than shedding on event-loop lag alone: a saturated server lags
 * by design. Under a closed-loop load (each client sends its next request as soon as it has an answer)
 * lag shedding refused everything for a second at a time, the clients came straight back, and the server
 * spent most of its time answering 503s: the soak served 300–430 requests/s out of 4,700 answered.
 * Waiting here costs nothing but a closure, keeps the server working at its full rate, keeps event-loop
 * lag low (only admitted requests interleave), and refuses only what could not start in time.
 *
 * A request takes its turn once its body has arrived (preValidation), so a client trickling a body holds
 * no turn; it gives the turn back when its response is finished or its connection closes. A request
 * whose connection closed while it waited is let go without a turn when its turn comes (Node does not
 * always see a client leave while its request waits; the time limit bounds what that costs).
 */
export function admitRequests(app: FastifyInstance, { maxInFlight, maxQueueMs }: AdmissionLimits) {
  if (maxInFlight <= 0) return;
  let inFlight = 0;
  const queue: Waiting[] = [];
  let sweeper: NodeJS.Timeout | undefined;

  const next = () => {
    const now = performance.now();
    while (queue.length > 0 && inFlight < maxInFlight) {
      const waiting = queue.shift()!;
      if (waiting.gone() || now - waiting.since > maxQueueMs) waiting.refuse();
      else waiting.admit();
    }
    refuseExpired(now);
  };

  /** Refuses, from the head, what has waited too long even though no turn came free. */
  const refuseExpired = (now: number) => {
    while (queue.length > 0 && now - queue[0]!.since > maxQueueMs) queue.shift()!.refuse();
    if (queue.length === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = undefined;
    } else if (queue.length > 0 && !sweeper) {
      sweeper = setInterval(() => refuseExpired(performance.now()), Math.max(10, maxQueueMs / 4));
      sweeper.unref();
    }
  };

  app.addHook(
    'preValidation',
    (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      if (request.routeOptions.config.unqueued) return done();
      // Listened for from the start: a connection that closes while its request waits must not
      // take a turn later, since no second 'close' would ever give it back.
      let counted = false;
      let closed = false;
      reply.raw.once('close', () => {
        closed = true;
        if (!counted) return;
        inFlight -= 1;
        next();
      });
      const start = () => {
        counted = true;
        inFlight += 1;
        done();
      };
      if (inFlight < maxInFlight && queue.length === 0) return start();
      const waiting: Waiting = {
        since: performance.now(),
        gone: () => closed,
        admit: start,
        refuse: () => done(unavailable(overloadMessage)),
      };
      queue.push(waiting);
      refuseExpired(waiting.since);
    },
  );
}
