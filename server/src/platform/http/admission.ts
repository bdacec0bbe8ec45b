import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unavailable } from './errors.js';
import { overloadMessage } from './overload.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is answered at once, never queued: health, and long-lived streams that would hold a turn. */
    unqueued?: boolean;
  }
  interface FastifyInstance {
    /** What admission control holds now (all 0 without a MAX_IN_FLIGHT): for tests and diagnostics. */
    admission: { readonly inFlight: number; readonly waiting: number };
  }
}

export interface AdmissionLimits {
  /** Requests worked on at once (0: no limit). */
  maxInFlight: number;
  /** The longest a request waits for its turn before it is answered 503. */
  maxQueueMs: number;
  /** Requests start in one event-loop iteration for at most this long (0: no limit); see below for why. */
  maxTickWorkMs: number;
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
 *
 * Why requests start for at most `maxTickWorkMs` per event-loop iteration: libuv (1.45 and later)
 * accepts one new connection per iteration, and an iteration of a saturated server runs the work of
 * every request that is ready. With 200 clients connecting at once, new connections were accepted at
 * 5–20 a second and their first requests waited in the kernel past the clients' 10 s time-out,
 * although the server answered each request it had read within milliseconds. Once an iteration has
 * started requests for `maxTickWorkMs`, the rest wait for the next one, so iterations stay short and a
 * new connection is accepted within a few of them; the work done per second stays the same. (A cap on
 * the number of starts instead cut throughput by two thirds: with 200 connections ready, parsing their
 * requests cost more per iteration than the few it let start.)
 *
 * A started request's work does not show on the clock at once: its handler runs in later microtasks, so
 * `next()`, admitting from the queue as turns come free, would start every free turn (32) within 2 ms and
 * the iteration would then run 40 ms of their work. So each start is also charged what a request has
 * recently cost the event loop (its busy time per finished request), and an iteration stops starting
 * requests once either the clock or the charges reach the budget. Decision 010 has the measurements,
 * and what this costs a saturated server.
 */
export function admitRequests(
  app: FastifyInstance,
  { maxInFlight, maxQueueMs, maxTickWorkMs }: AdmissionLimits,
) {
  if (maxInFlight <= 0) {
    app.decorate('admission', { inFlight: 0, waiting: 0 });
    return;
  }
  let inFlight = 0;
  const queue: Waiting[] = [];
  app.decorate('admission', {
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return queue.length;
    },
  });
  let sweeper: NodeJS.Timeout | undefined;
  const cost = workPerRequest();
  /** When the first request of this event-loop iteration started; undefined until one has. */
  let tickStartedAt: number | undefined;
  let tickStarts = 0;
  const mayStartNow = (now: number) =>
    inFlight < maxInFlight &&
    (maxTickWorkMs <= 0 ||
      tickStartedAt === undefined ||
      Math.max(now - tickStartedAt, tickStarts * cost.estimateMs()) < maxTickWorkMs);
  /** Counts a start in this iteration; after its I/O (the check phase) a new iteration begins. */
  const startedWork = (now: number) => {
    if (maxTickWorkMs <= 0) return;
    tickStarts += 1;
    if (tickStartedAt !== undefined) return;
    tickStartedAt = now;
    setImmediate(() => {
      tickStartedAt = undefined;
      tickStarts = 0;
      next();
    });
  };

  const next = () => {
    const now = performance.now();
    while (queue.length > 0 && mayStartNow(performance.now())) {
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
        cost.finished();
        next();
      });
      const start = () => {
        counted = true;
        inFlight += 1;
        startedWork(performance.now());
        done();
      };
      if (queue.length === 0 && mayStartNow(performance.now())) return start();
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

/**
 * What one request costs the event loop: its busy time (not its waits) over the last tenth of a second
 * or more, divided by the requests finished in that time. Parsing, hooks, handler, serialising and
 * writing all count. Measured from the first finished request, so start-up work does not.
 */
function workPerRequest() {
  const sampleMs = 100;
  const enoughRequests = 10;
  let estimateMs = 1;
  let finished = 0;
  let since: { busy: EventLoopUtilization; at: number } | undefined;
  return {
    estimateMs: () => estimateMs,
    finished() {
      const now = performance.now();
      if (!since) {
        since = { busy: performance.eventLoopUtilization(), at: now };
        return;
      }
      finished += 1;
      if (finished < enoughRequests || now - since.at < sampleMs) return;
      const busyMs = performance.eventLoopUtilization(since.busy).active;
      estimateMs = busyMs / finished;
      since = { busy: performance.eventLoopUtilization(), at: now };
      finished = 0;
    },
  };
}
