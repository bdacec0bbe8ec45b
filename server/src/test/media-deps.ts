import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { DiskStore } from '../platform/media/disk-store.js';
import { ProcessingSlots } from '../platform/media/processing-slots.js';
import type { MediaDeps } from '../use-cases/shared/media-deps.js';

/** Media as the app's defaults have it, on disk in a folder of the test's (a temporary one by default). */
export function testMediaDeps(folder = path.join(os.tmpdir(), `sync-media-${process.pid}`)): MediaDeps {
  const config = loadConfig({}).media;
  return {
    store: new DiskStore(folder),
    slots: new ProcessingSlots(config.processingSlots),
    config: { ...config, store: { kind: 'disk', folder } },
  };
}
