import type { Clock } from '../../clock.js';

/**
 * Work the server does by itself on a schedule (lifting timed suspensions, purging accounts): a name,
 * how often, and what to run, given by the app (infrastructure runs jobs, it knows nothing of them).
 * Every process of a deployment runs every job, so a run must be safe to run twice at once: its
 * statements change only what is still due.
 */
export interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

/**
 * Runs each job when it is due by the app's clock: first at start (time may have passed while the
 * server was down), then `everyMs` after its last run began. A timer looks every `tickMs` for what is
 * due; a test moves the clock instead and calls `runDue()`. Runs never overlap: one `runDue` waits for
 * the one before. A failed run is reported and tried again at its next time.
 */
export class JobRunner {
  private readonly nextAt = new Map<string, number>();
  private running: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly jobs: readonly Job[],
    private readonly onError: (job: Job, error: unknown) => void,
  ) {
    const now = clock.now().getTime();
    for (const job of jobs) this.nextAt.set(job.name, now);
  }

  start(tickMs: number): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.runDue(), tickMs);
    // Jobs never keep a process alive on their own.
    this.timer.unref();
  }

  /** Runs every job that is due now, one after another; resolves once they are done. */
  runDue(): Promise<void> {
    this.running = this.running.then(() => this.runEachDue());
    return this.running;
  }

  private async runEachDue(): Promise<void> {
    for (const job of this.jobs) {
      if (this.stopped) return;
      const now = this.clock.now().getTime();
      if ((this.nextAt.get(job.name) ?? now) > now) continue;
      this.nextAt.set(job.name, now + job.everyMs);
      try {
        await job.run();
      } catch (error) {
        this.onError(job, error);
      }
    }
  }

  /** No run starts after this; resolves once the one under way (if any) is over. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}
