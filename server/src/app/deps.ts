import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../data/database.js';
import { createTokenService } from '../platform/auth/tokens.js';
import { CursorCodec } from '../platform/http/pagination.js';
import type { EventTransport } from '../platform/live/transport.js';
import type { Mailer } from '../platform/mail/mailer.js';
import type { MediaStore } from '../platform/media/storage.js';
import { ProcessingSlots } from '../platform/media/processing-slots.js';
import { Site } from '../platform/uris/uris.js';
import { Hydrator } from '../read/hydration/hydrator.js';
import type { Deps } from '../use-cases/shared/deps.js';

/** What the use cases' dependencies are made of that has to be opened first (and closed by its opener). */
export interface OpenedServices {
  config: Config;
  database: DatabaseHandle;
  jwtSecret: string;
  clock: Clock;
  /** Where live events go: the app's live hub hears them; use-case tests may listen or not. */
  events: EventTransport;
  mediaStore: MediaStore;
  mailer: Mailer;
}

/**
 * The dependencies every use case is handed, built from the configuration: once per app (app.ts), and
 * by use-case tests without Fastify (test/use-case-deps.ts), so both run the use cases on the same wiring.
 */
export function buildDeps({
  config,
  database,
  jwtSecret,
  clock,
  events,
  mediaStore,
  mailer,
}: OpenedServices): Deps {
  const site = new Site(config.site);
  return {
    db: database.db,
    dialect: database.dialect,
    clock,
    tokens: createTokenService(jwtSecret, config.tokenTtlSeconds, clock),
    cursors: new CursorCodec(jwtSecret),
    hydrator: new Hydrator(
      database.db,
      database.dialect,
      config.answerCaps,
      config.postCacheBytes,
      { clock, keptMs: config.viewerCacheMs, events },
      config.media.publicUrl,
    ),
    caps: config.answerCaps,
    media: {
      store: mediaStore,
      slots: new ProcessingSlots(config.media.processingSlots),
      config: config.media,
    },
    events,
    mail: { mailer, uris: site.detached, instance: config.instance },
    site,
  };
}
