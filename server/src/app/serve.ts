import { buildApp } from './app.js';
import { seedDemoPhotos } from '../data/seed/demo-photos.js';
import { openMediaStore } from '../platform/media/open-store.js';
import { resolveJwtSecret } from '../platform/auth/tokens.js';
import type { Config } from '../config.js';
import { migrateToLatest, openDatabase } from '../data/database.js';
import { clusterStreamSlots, createClusterTransport } from '../platform/live/cluster-transport.js';
import { seedDemoData } from '../data/seed/demo.js';
import { printedPlainly } from '../platform/logging.js';

/** How long requests in flight get to finish once SIGTERM/SIGINT arrives. */
export const shutdownGraceMs = 5000;

/** Where the data is, and what the start did to it: what the start-up line says about the data. */
export interface DataStoreSummary {
  /** The SQLite file, or PostgreSQL's URL without its password. */
  location: string;
  /** E.g. `demo data loaded`. */
  notes: string[];
}

/**
 * What must happen once per data store, before any process serves: migrations, the demo data, the
 * token secret file. With several workers the primary runs it before forking, so workers never race
 * on a fresh data folder.
 */
export async function prepareDataStore(config: Config): Promise<DataStoreSummary> {
  // Migrations and the demo load run without the time limits of requests: a migration may rightly take minutes.
  const setup = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const newer = await migrateToLatest(setup.db);
    const seeded = config.seedDemo && (await seedDemoData(setup.db));
    if (seeded) {
      const store = await openMediaStore(config.media.store);
      await seedDemoPhotos(setup.db, {
        store,
        maxPixels: config.media.maxPixels,
        at: new Date().toISOString(),
      }).finally(() => store.close?.());
    }
    resolveJwtSecret(config.jwtSecret, config.dataDir);
    return {
      location: setup.location,
      notes: [
        ...(newer.length ? [`schema of a newer Sync: ${newer.join(', ')}`] : []),
        ...(seeded ? ['demo data loaded'] : []),
      ],
    };
  } finally {
    await setup.db.destroy();
  }
}

/**
 * The one line that tells a person where Sync answers and where its data is, e.g.
 * `Sync is running at http://localhost:3000 — data in /srv/sync/data/sync.sqlite (demo data loaded)`.
 * Pretty logs print it as it is (logging.ts); JSON logs log it as a record.
 */
export function runningLine(config: Config, { location, notes }: DataStoreSummary): string {
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${config.port}`;
  const all = [...notes, ...(config.workers > 1 ? [`${config.workers} workers`] : [])];
  return printedPlainly(
    `Sync is running at ${url} — data in ${location}${all.length ? ` (${all.join(', ')})` : ''}`,
  );
}

export interface ServeOptions {
  /** Logged once listening; a cluster worker leaves it to the primary, which logs it once for all. */
  startedLine?: string;
  /** The cluster worker's id, sent in `x-sync-worker`. */
  workerId?: number;
}

/** Serves HTTP in this process until SIGTERM/SIGINT, then finishes the requests in flight and exits. */
export async function serve(config: Config, { startedLine, workerId }: ServeOptions): Promise<void> {
  const database = openDatabase(config);
  // A cluster worker without Redis shares live events and the stream cap through the primary.
  const throughPrimary = workerId !== undefined && !config.redisUrl;
  const app = await buildApp({
    config,
    database,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    workerId,
    ...(throughPrimary && {
      eventTransport: createClusterTransport(),
      streamSlots: clusterStreamSlots(config.events.maxStreamsPerUser),
    }),
  });

  // Fastify logs a line per network interface; Sync logs one line with the URL instead.
  const level = app.log.level;
  app.log.level = 'warn';
  await app.listen({ port: config.port, host: config.host });
  app.log.level = level;
  // Which Node.js serves, for an operator who asks (LOG_LEVEL=debug): the log, never an answer.
  app.log.debug({ workerId, node: process.version }, `serving on Node.js ${process.version}`);
  if (startedLine) app.log.info(startedLine);

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      app.log.info(`${signal} received: finishing requests in flight, then stopping`);
      // A client that never finishes its request must not hold the process forever.
      setTimeout(() => app.server.closeAllConnections(), shutdownGraceMs).unref();
      // app.close() stops accepting connections and waits for requests in flight.
      void app
        .close()
        .then(() => app.log.info('HTTP server closed'))
        .then(() => database.db.destroy())
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        });
    });
  }
}
