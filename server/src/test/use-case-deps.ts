import type { Clock } from '../clock.js';
import { buildDeps } from '../app/deps.js';
import { migrateToLatest, openDatabase, type Dialect } from '../data/database.js';
import { inProcessTransport, withLocalDelivery } from '../platform/live/transport.js';
import { openMailer } from '../platform/mail/mailer.js';
import { openMediaStore } from '../platform/media/open-store.js';
import type { Deps } from '../use-cases/shared/deps.js';
import { createTestStorage, testSecret } from './harness.js';

export interface UseCaseDeps {
  deps: Deps;
  /** Closes the database and drops it, with its data folder (media, the mail outbox). */
  close(): Promise<void>;
}

/**
 * What the use cases are handed, on a fresh, migrated database of `dialect`, wired as the app wires it
 * (`app/deps.ts`) but without Fastify, for tests that call the use cases directly: no HTTP, no auth
 * plugin, no workers (the queue's jobs are written, not run). Live events stay in this process; mail
 * goes to the data folder's outbox.
 */
export async function openUseCaseDeps(dialect: Dialect, clock: Clock): Promise<UseCaseDeps> {
  const storage = await createTestStorage(dialect, { JWT_SECRET: testSecret });
  const { config } = storage;
  const database = openDatabase(config);
  await migrateToLatest(database.db);
  const mediaStore = await openMediaStore(config.media.store);
  const mailer = openMailer(config.mail, {
    info: () => undefined,
    error: (fields, message) => console.error(message, fields),
  });
  const deps = buildDeps({
    config,
    database,
    jwtSecret: testSecret,
    clock,
    events: withLocalDelivery(inProcessTransport()),
    mediaStore,
    mailer,
  });
  return {
    deps,
    async close() {
      mailer.close();
      mediaStore.close?.();
      await database.db.destroy();
      await storage.dispose();
    },
  };
}
