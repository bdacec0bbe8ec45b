import type { FastifyInstance } from 'fastify';
import type { JobQueueConfig } from '../config.js';
import { jobStore, purgeDoneJobs } from '../data/jobs.repo.js';
import { JobQueueWorker, type JobHandlers } from '../platform/jobs/queue.js';
import { JobRunner, type Job } from '../platform/jobs/runner.js';
import { linkRequestJob, mailLinkIfKnown } from '../use-cases/shared/email.js';
import { mailJob, sendQueuedMail } from '../use-cases/shared/mail-jobs.js';
import * as moderation from '../use-cases/shared/moderation.js';
import * as media from '../use-cases/shared/media.js';
import * as oauth from '../use-cases/shared/oauth.js';
import { tagsBackfillJob } from '../data/text-entities.repo.js';
import { backfillTags } from '../use-cases/shared/text-entities.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's scheduled work (platform/jobs): a test moves the clock and calls `jobs.runDue()`. */
    jobs: JobRunner;
    /** The durable job queue's worker (platform/jobs/queue): a test moves the clock and calls `jobQueue.runDue()`. */
    jobQueue: JobQueueWorker;
  }
}

/** How often the runner looks for due jobs (their own periods are longer). */
const tickMs = 15_000;
const weekMs = 7 * 24 * 60 * 60_000;

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
      // Kept a day so that a code presented again ends the token it gave (use-cases/shared/oauth.ts).
      name: 'delete OAuth authorization codes issued more than a day ago',
      everyMs: 60 * 60_000,
      run: () => oauth.purgeOldCodes(deps),
    },
    {
      // Kept a week to look back at what was sent; failed jobs stay until someone deletes them.
      name: 'delete queued jobs done more than a week ago',
      everyMs: 60 * 60_000,
      run: () => purgeDoneJobs(deps.db, new Date(deps.clock.now().getTime() - weekMs).toISOString()),
    },
    {
      name: 'purge accounts suspended for 30 days',
      everyMs: 60 * 60_000,
      run: () => moderation.purgeSuspendedAccounts(deps),
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

/** Each kind of queued job and its handler (infrastructure runs them, it knows nothing of them). */
function queuedJobHandlers(app: FastifyInstance): JobHandlers {
  const { deps } = app;
  return {
    [mailJob]: (payload) => sendQueuedMail(deps, payload),
    [linkRequestJob]: (payload) => mailLinkIfKnown(deps, payload),
    [tagsBackfillJob]: (payload) => backfillTags(deps, payload),
  };
}

/**
 * Runs the durable job queue's worker in this process (every process runs one) once the app is ready;
 * on close, it claims nothing more and finishes the job under way before the database closes.
 */
export function runQueuedJobs(app: FastifyInstance, config: JobQueueConfig): void {
  const { deps } = app;
  const worker = new JobQueueWorker(
    deps.clock,
    jobStore(deps.db, deps.dialect),
    queuedJobHandlers(app),
    config,
    app.log,
  );
  app.decorate('jobQueue', worker);
  app.addHook('onReady', async () => worker.start(config.pollMs));
  app.addHook('preClose', () => worker.stop());
}
