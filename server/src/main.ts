import cluster from 'node:cluster';
import { pino } from 'pino';
import { runPrimary } from './platform/cluster/primary.js';
import { loadConfig } from './config.js';
import { prepareDataStore, runningLine, serve, shutdownGraceMs } from './serve.js';

const config = loadConfig();
if (cluster.worker) {
  await serve(config, { workerId: cluster.worker.id });
} else {
  const about = await prepareDataStore(config);
  if (config.workers === 1) {
    await serve(config, { startedLine: runningLine(config, about) });
  } else {
    runPrimary({
      workers: config.workers,
      // Workers run this same module (the bundle in production), with this process's node flags.
      entry: import.meta.filename,
      logger: pino({ level: config.logLevel }),
      startedLine: runningLine(config, `${about}, ${config.workers} workers`),
      // With Redis, every process (on every machine) shares events through it instead.
      shareEvents: !config.redisUrl,
      // Workers finish requests in flight first; the primary then allows a little more before killing.
      stopDeadlineMs: shutdownGraceMs + 5000,
    });
  }
}
