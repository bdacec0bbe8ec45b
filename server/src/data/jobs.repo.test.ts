import { beforeEach, expect, it } from 'vitest';
import { manualClock } from '../clock.js';
import { JobQueueWorker, type JobHandlers, type QueuePolicy } from '../platform/jobs/queue.js';
import { newId } from '../platform/db/ids.js';
import { describeEachDatabase } from '../test/harness.js';
import { databaseMigratedUpTo } from '../test/migrated-database.js';
import { countJobs, enqueueJob, jobStore, purgeDoneJobs } from './jobs.repo.js';

/**
 * The durable job queue (docs/decisions/121) on real SQLite and PostgreSQL: the worker of
 * platform/jobs/queue.ts over the rows of data/jobs.repo.ts, its time the test's clock.
 */
describeEachDatabase('the durable job queue', (dialect) => {
  const database = databaseMigratedUpTo(dialect, '026_job_queue');
  const policy: QueuePolicy = { claimMs: 60_000, firstRetryMs: 10_000, maxAttempts: 3 };
  const start = new Date('2026-03-01T12:00:00Z');
  const clock = manualClock(start);
  const logged: { level: 'warn' | 'error'; message: string; fields: object }[] = [];
  const log = {
    warn: (fields: object, message: string) => void logged.push({ level: 'warn', message, fields }),
    error: (fields: object, message: string) => void logged.push({ level: 'error', message, fields }),
  };
  const worker = (handlers: JobHandlers) =>
    new JobQueueWorker(clock, jobStore(database(), dialect), handlers, policy, log);
  /** Queues a job now, and moves the clock a millisecond: jobs are claimed in the order they were queued. */
  const enqueue = async (kind: string, payload: string) => {
    const at = clock.now();
    await enqueueJob(database(), { id: newId(at), kind, payload, at: at.toISOString() });
    clock.advance(1);
  };
  const rows = () => database().selectFrom('jobs').selectAll().orderBy('created_at').execute();

  beforeEach(async () => {
    await database().deleteFrom('jobs').execute();
    clock.set(start);
    logged.length = 0;
  });

  it('runs a committed job once, empties its payload, and runs nothing of a rolled-back transaction', async () => {
    await enqueue('note', '{"n":1}');
    await database()
      .transaction()
      .execute(async (trx) => {
        const at = clock.now();
        await enqueueJob(trx, { id: newId(at), kind: 'note', payload: '{"n":2}', at: at.toISOString() });
        throw new Error('the change that caused it failed');
      })
      .catch(() => undefined);
    const ran: string[] = [];
    const queue = worker({ note: async (payload) => void ran.push(payload) });
    await queue.runDue();
    await queue.runDue();
    expect(ran).toEqual(['{"n":1}']);
    expect(await rows()).toMatchObject([
      { state: 'done', attempts: 1, payload: '{}', claimed_until: null, finished_at: expect.any(String) },
    ]);
  });

  it('retries a failing job with a doubling back-off, then keeps it as failed with its error, logged', async () => {
    await enqueue('flaky', '{}');
    const attempts: string[] = [];
    const queue = worker({
      flaky: async () => {
        attempts.push(clock.now().toISOString());
        throw new Error(`refused (attempt ${attempts.length})`);
      },
    });
    await queue.runDue();
    expect(await rows()).toMatchObject([
      { state: 'queued', attempts: 1, last_error: 'refused (attempt 1)', run_at: '2026-03-01T12:00:10.001Z' },
    ]);
    clock.advance(9_999);
    await queue.runDue();
    expect(attempts).toHaveLength(1);
    clock.advance(1);
    await queue.runDue();
    // The second wait is twice the first.
    expect((await rows())[0]).toMatchObject({
      state: 'queued',
      attempts: 2,
      run_at: '2026-03-01T12:00:30.001Z',
    });
    clock.advance(20_000);
    await queue.runDue();
    expect(attempts).toEqual([
      '2026-03-01T12:00:00.001Z',
      '2026-03-01T12:00:10.001Z',
      '2026-03-01T12:00:30.001Z',
    ]);
    expect(await rows()).toMatchObject([
      {
        state: 'failed',
        attempts: 3,
        last_error: 'refused (attempt 3)',
        finished_at: '2026-03-01T12:00:30.001Z',
      },
    ]);
    expect(logged.map(({ level }) => level)).toEqual(['warn', 'warn', 'error']);
    expect(await countJobs(database())).toEqual([{ kind: 'flaky', state: 'failed', count: 1 }]);
    clock.advance(24 * 60 * 60_000);
    await queue.runDue();
    expect(attempts).toHaveLength(3);
  });

  it('a job of a kind nobody handles is retried and failed, not lost', async () => {
    await enqueue('unknown', '{}');
    await worker({}).runDue();
    expect(await rows()).toMatchObject([
      { state: 'queued', last_error: 'no handler for jobs of kind "unknown"' },
    ]);
  });

  it('a job claimed by a process that died runs again once its claim runs out; the old claim cannot end it', async () => {
    await enqueue('mail', 'hello');
    const store = jobStore(database(), dialect);
    // A worker claims the job, then its process is killed before it is done.
    const now = clock.now();
    const dead = await store.claim(now.toISOString(), new Date(now.getTime() + policy.claimMs).toISOString());
    if (!dead) throw new Error('the job was not claimed');
    expect(dead).toMatchObject({ kind: 'mail', payload: 'hello', attempts: 1 });
    const sent: string[] = [];
    const queue = worker({ mail: async (payload) => void sent.push(payload) });
    clock.advance(policy.claimMs - 1);
    await queue.runDue();
    expect(sent).toEqual([]);
    clock.advance(1);
    await queue.runDue();
    expect(sent).toEqual(['hello']);
    // The first claim's end, had its process come back, changes nothing: the second claim ended it.
    await store.retry(dead, 'late', clock.now().toISOString());
    expect(await rows()).toMatchObject([{ state: 'done', attempts: 2, last_error: null }]);
  });

  it('two workers sharing the database run each job once', async () => {
    const count = 40;
    for (let n = 0; n < count; n++) await enqueue('count', String(n));
    const runs: string[] = [];
    const handlers: JobHandlers = { count: async (payload) => void runs.push(payload) };
    await Promise.all([worker(handlers).runDue(), worker(handlers).runDue()]);
    expect(runs.toSorted((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: count }, (_, n) => String(n)),
    );
  });

  it('stop lets the job under way finish and claims nothing more', async () => {
    await enqueue('slow', 'first');
    await enqueue('slow', 'second');
    let release: () => void = () => undefined;
    const started: string[] = [];
    const queue = worker({
      slow: (payload) => {
        started.push(payload);
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    const running = queue.runDue();
    await expect.poll(() => started).toEqual(['first']);
    const stopped = queue.stop();
    release();
    await Promise.all([running, stopped]);
    expect(started).toEqual(['first']);
    expect((await rows()).map((row) => row.state)).toEqual(['done', 'queued']);
  });

  it('the purge deletes jobs done before its time and keeps failed and later ones', async () => {
    await enqueue('old', '{}');
    await enqueue('broken', '{}');
    const queue = worker({
      old: async () => undefined,
      broken: async () => {
        throw new Error('never works');
      },
    });
    for (let attempt = 0; attempt < policy.maxAttempts; attempt++) {
      await queue.runDue();
      clock.advance(60_000);
    }
    const cutoff = clock.now().toISOString();
    await enqueue('recent', '{}');
    await worker({ recent: async () => undefined }).runDue();
    await purgeDoneJobs(database(), cutoff);
    expect((await rows()).map(({ kind, state }) => `${kind} ${state}`)).toEqual([
      'broken failed',
      'recent done',
    ]);
  });
});
