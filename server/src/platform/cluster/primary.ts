import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { relayEventsBetweenWorkers } from './event-relay.js';
import { RestartBackoff } from './restart-backoff.js';
import { shareStreamSlotsBetweenWorkers } from './stream-slot-registry.js';

export interface PrimaryOptions {
  workers: number;
  /** The module every worker runs. */
  entry: string;
  logger: Logger;
  /** Logged once, when every worker of the first round listens. */
  startedLine: string;
  /**
   * Relay live events between workers and count their streams per user (event-relay.ts,
   * stream-slot-registry.ts); not when Redis does both.
   */
  shareEvents: boolean;
  /** After SIGTERM/SIGINT, workers still running this long after being told to stop are killed. */
  stopDeadlineMs: number;
}

/**
 * The cluster's primary process: it serves nothing itself. It starts the workers (which share the
 * port through node:cluster), starts another when one dies (with a back-off), shares live events
 * between them, and on SIGTERM/SIGINT tells every worker to finish its requests and exits once all
 * have: nothing is left running.
 *
 * A worker that dies before the first round is listening ends the start: whatever stopped it (the port
 * is taken, the configuration is wrong) would stop every replacement too.
 */
export function runPrimary(options: PrimaryOptions): void {
  const { logger } = options;
  cluster.setupPrimary({ exec: options.entry });
  const stopSharing = options.shareEvents
    ? [relayEventsBetweenWorkers(cluster), shareStreamSlotsBetweenWorkers(cluster)]
    : [];
  const backoff = new RestartBackoff();
  const running = new Map<Worker, number>(); // worker → when it was started
  const pendingRestarts = new Set<NodeJS.Timeout>();
  let started = false;
  let firstListening = 0;
  let stopping = false;
  let exitCode = 0;

  const startWorker = () => running.set(cluster.fork(), Date.now());

  cluster.on('listening', () => {
    if (started || ++firstListening < options.workers) return;
    started = true;
    logger.info(options.startedLine);
  });

  cluster.on('exit', (worker, code, signal) => {
    const livedMs = Date.now() - (running.get(worker) ?? Date.now());
    running.delete(worker);
    if (stopping) {
      if (running.size === 0) finish();
      return;
    }
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    if (!started) {
      logger.error(`worker ${worker.id} ${how} while starting: stopping Sync`);
      stopAll(1);
      return;
    }
    const delayMs = backoff.delayAfter(livedMs);
    logger.error(`worker ${worker.id} (pid ${worker.process.pid}) ${how}: starting another in ${delayMs} ms`);
    const timer = setTimeout(() => {
      pendingRestarts.delete(timer);
      startWorker();
    }, delayMs);
    pendingRestarts.add(timer);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      logger.info(`${signal} received: every worker finishes its requests in flight, then stops`);
      stopAll(0);
    });
  }

  function stopAll(code: number) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    pendingRestarts.forEach(clearTimeout);
    // A terminal's Ctrl-C has already sent SIGINT to the workers too; a second signal changes nothing.
    for (const worker of running.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of running.keys()) {
        logger.warn(`worker ${worker.id} did not stop in time: killing it`);
        worker.process.kill('SIGKILL');
      }
    }, options.stopDeadlineMs);
    if (running.size === 0) finish();
  }

  function finish() {
    stopSharing.forEach((stop) => stop());
    logger.info('every worker has stopped');
    // pino writes to stdout synchronously here (no transport), so the last line is out before exit.
    process.exit(exitCode);
  }

  for (let index = 0; index < options.workers; index++) startWorker();
}
