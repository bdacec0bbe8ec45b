import type { Clock } from '../../clock.js';

/**
 * The worker of the durable job queue (docs/decisions/121). Jobs are rows written in the transaction of
 * the change that causes them (data/jobs.repo.ts keeps them); every process runs a worker, and a claim
 * gives each job to one of them. Infrastructure knows no job: the app gives it a handler per kind.
 */

/** A job claimed by this worker: `attempts` counts this claim, and names it when the job is finished. */
export interface ClaimedJob {
  id: string;
  kind: string;
  payload: string;
  attempts: number;
}

/** Where the jobs are kept: times are ISO strings, as the database stores them. */
export interface JobStore {
  /** The first job due at `now`, claimed until `claimedUntil`; undefined when none is due. */
  claim(now: string, claimedUntil: string): Promise<ClaimedJob | undefined>;
  done(job: ClaimedJob, now: string): Promise<void>;
  /** Queued again for `runAt`, with the error of this attempt. */
  retry(job: ClaimedJob, error: string, runAt: string): Promise<void>;
  /** No attempt is left: kept as failed, with its last error. */
  fail(job: ClaimedJob, error: string, now: string): Promise<void>;
}

/** What to do with a job of each kind, given its payload (JSON). */
export type JobHandlers = Readonly<Record<string, (payload: string) => Promise<void>>>;

export interface QueuePolicy {
  /** How long a claim holds: longer than any handler runs (a process that died releases its job then). */
  claimMs: number;
  /** The wait before the first retry; it doubles with each attempt after. */
  firstRetryMs: number;
  /** Attempts in all, the first included. */
  maxAttempts: number;
}

export interface QueueLog {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** The longest wait between two attempts, however many failed before. */
const longestRetryMs = 60 * 60_000;

/** When a job that failed its `attempts`th attempt at `now` runs again: exponential back-off. */
export function retryTime(now: Date, attempts: number, policy: QueuePolicy): Date {
  const waitMs = Math.min(policy.firstRetryMs * 2 ** (attempts - 1), longestRetryMs);
  return new Date(now.getTime() + waitMs);
}

const described = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Claims and runs due jobs, one at a time, by the app's clock: a timer looks every `pollMs`; a test moves
 * the clock instead and calls `runDue()`. A failed attempt is tried again after a back-off, up to
 * `maxAttempts`; then the job is failed and logged as an error.
 */
export class JobQueueWorker {
  #running: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly store: JobStore,
    private readonly handlers: JobHandlers,
    private readonly policy: QueuePolicy,
    private readonly log: QueueLog,
  ) {}

  start(pollMs: number): void {
    if (this.#timer || this.#stopped) return;
    this.#timer = setInterval(
      () =>
        void this.runDue().catch((error: unknown) =>
          this.log.error(
            { err: error },
            'the job queue could not be read; it is read again at the next poll',
          ),
        ),
      pollMs,
    );
    // The queue never keeps a process alive on its own.
    this.#timer.unref();
  }

  /** Runs jobs until none is due now; resolves once they are done. Runs never overlap. */
  runDue(): Promise<void> {
    this.#running = this.#running.catch(() => undefined).then(() => this.#runUntilNoneDue());
    return this.#running;
  }

  async #runUntilNoneDue(): Promise<void> {
    while (!this.#stopped) {
      const now = this.clock.now();
      const claimedUntil = new Date(now.getTime() + this.policy.claimMs);
      const job = await this.store.claim(now.toISOString(), claimedUntil.toISOString());
      if (!job) return;
      await this.#run(job);
    }
  }

  async #run(job: ClaimedJob): Promise<void> {
    const handler = this.handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for jobs of kind "${job.kind}"`);
      await handler(job.payload);
    } catch (error) {
      const now = this.clock.now();
      const fields = { err: error, job: job.id, kind: job.kind, attempts: job.attempts };
      if (job.attempts >= this.policy.maxAttempts) {
        await this.store.fail(job, described(error), now.toISOString());
        this.log.error(fields, 'a job failed at its last attempt; it is kept as failed');
      } else {
        const runAt = retryTime(now, job.attempts, this.policy);
        await this.store.retry(job, described(error), runAt.toISOString());
        this.log.warn({ ...fields, runAt }, 'a job failed; it will be tried again');
      }
      return;
    }
    await this.store.done(job, this.clock.now().toISOString());
  }

  /** No job is claimed after this; resolves once the one under way (if any) is finished. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running.catch(() => undefined);
  }
}
