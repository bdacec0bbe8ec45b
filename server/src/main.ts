import { buildApp } from './app.js';
import { resolveJwtSecret } from './auth/tokens.js';
import { loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { seedDemoData } from './seed/demo.js';

const config = loadConfig();
// Migrations and the demo load run without the time limits of requests: a migration may rightly take minutes.
const setup = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(setup.db);
const seeded = config.seedDemo && (await seedDemoData(setup.db));
await setup.db.destroy();
const database = openDatabase(config);
const app = await buildApp({
  config,
  database,
  jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
});

// Fastify logs a line per network interface; Sync logs one line with the URL instead.
const level = app.log.level;
app.log.level = 'warn';
await app.listen({ port: config.port, host: config.host });
app.log.level = level;
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
app.log.info(
  `Sync is running at http://${shownHost}:${config.port} (${database.dialect}: ${database.location}${seeded ? ', demo data loaded' : ''})`,
);

const shutdownGraceMs = 5000;
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
