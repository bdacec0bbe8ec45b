import cluster from 'node:cluster';
import { runPrimary } from '../platform/cluster/primary.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../platform/logging.js';
import { prepareDataStore, runningLine, serve, shutdownGraceMs } from './serve.js';

/**
 * Starts this process as the server (one process, or the primary of `WORKERS` workers, or one of those
 * workers); `entry` is the module workers run: the entry that imported this one (main.ts, or the bundle).
 */
export async function run(entry: string) {
  const config = loadConfig();
  if (cluster.worker) {
    await serve(config, { workerId: cluster.worker.id });
  } else {
    const dataStore = await prepareDataStore(config);
    if (config.workers === 1) {
      await serve(config, { startedLine: runningLine(config, dataStore) });
    } else {
      runPrimary({
        workers: config.workers,
        // Workers run the entry (the bundle in production), with this process's node flags.
        entry,
        logger: createLogger(config),
        // Once, by this process, when every worker listens.
        startedLine: runningLine(config, dataStore),
        // With Redis, every process (on every machine) shares events through it instead.
        shareEvents: !config.redisUrl,
        // Workers finish requests in flight first; the primary then allows a little more before killing.
        stopDeadlineMs: shutdownGraceMs + 5000,
      });
    }
  }
}
