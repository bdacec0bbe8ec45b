import type { FastifyInstance } from 'fastify';
import { JobRunner, type Job } from '../platform/jobs/runner.js';
import * as moderation from '../use-cases/moderation.js';
import * as media from '../use-cases/media.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's scheduled work (platform/jobs): a test moves the clock and calls `jobs.runDue()`. */
    jobs: JobRunner;
  }
}

/** How often the runner looks for due jobs (their own periods are longer). */
const tickMs = 15_000;

/** What the server does by itself, and how often. */
function scheduledJobs(app: FastifyInstance): Job[] {
  const { deps } = app;
  return [
    {
      // Reads treat a timed suspension or limit as over at its end already: this clears the rows.
      name: 'lift ended suspensions and limits',
      everyMs: 60_000,
      run: () => moderation.liftEndedModeration(deps),
    },
    {
      name: 'delete the files of removed and abandoned media',
      everyMs: 5 * 60_000,
      run: async () => void (await media.sweepAbandonedMedia(deps)),
    },
    {
      name: 'purge accounts suspended for 30 days',
      everyMs: 60 * 60_000,
      run: () => moderation.purgeSuspendedAccounts(deps, { endSessions: app.endSessions }),
    },
  ];
}

/** Starts the jobs once the app is ready and stops them before its database closes. */
export function runScheduledJobs(app: FastifyInstance): void {
  const runner = new JobRunner(app.deps.clock, scheduledJobs(app), (job, error) =>
    app.log.error({ err: error, job: job.name }, 'a scheduled job failed; it runs again at its next time'),
  );
  app.decorate('jobs', runner);
  app.addHook('onReady', async () => runner.start(tickMs));
  app.addHook('preClose', () => runner.stop());
}
