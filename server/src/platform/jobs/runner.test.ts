import { describe, expect, it } from 'vitest';
import { manualClock } from '../../clock.js';
import { JobRunner, type Job } from './runner.js';

describe('JobRunner', () => {
  const minute = 60_000;

  it('runs a job at start, then once its period has passed on the clock, not before', async () => {
    const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
    const runs: string[] = [];
    const job: Job = {
      name: 'count',
      everyMs: minute,
      run: async () => void runs.push(clock.now().toISOString()),
    };
    const runner = new JobRunner(clock, [job], () => undefined);
    await runner.runDue();
    await runner.runDue();
    expect(runs).toHaveLength(1);
    clock.advance(minute - 1);
    await runner.runDue();
    expect(runs).toHaveLength(1);
    clock.advance(1);
    await runner.runDue();
    expect(runs).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-01T00:01:00.000Z']);
  });

  it('never runs a job twice at once, however often it is asked', async () => {
    const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
    let running = 0;
    let most = 0;
    const job: Job = {
      name: 'slow',
      everyMs: 0,
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
      },
    };
    const runner = new JobRunner(clock, [job], () => undefined);
    await Promise.all([runner.runDue(), runner.runDue(), runner.runDue()]);
    expect(most).toBe(1);
  });

  it('reports a failed run, runs the other jobs, and tries the failed one again at its next time', async () => {
    const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
    const failures: string[] = [];
    let attempts = 0;
    let others = 0;
    const runner = new JobRunner(
      clock,
      [
        {
          name: 'flaky',
          everyMs: minute,
          run: async () => {
            attempts += 1;
            if (attempts === 1) throw new Error('the database cannot answer now');
          },
        },
        { name: 'other', everyMs: minute, run: async () => void (others += 1) },
      ],
      (job, error) => failures.push(`${job.name}: ${(error as Error).message}`),
    );
    await runner.runDue();
    expect(failures).toEqual(['flaky: the database cannot answer now']);
    expect(others).toBe(1);
    clock.advance(minute);
    await runner.runDue();
    expect(attempts).toBe(2);
    expect(failures).toHaveLength(1);
  });

  it('starts nothing once stopped, and waits for the run under way', async () => {
    const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
    let started!: () => void;
    const begun = new Promise<void>((resolve) => (started = resolve));
    let runs = 0;
    let finished = false;
    const runner = new JobRunner(
      clock,
      [
        {
          name: 'last',
          everyMs: 0,
          run: async () => {
            runs += 1;
            started();
            await new Promise((resolve) => setTimeout(resolve, 5));
            finished = true;
          },
        },
      ],
      () => undefined,
    );
    void runner.runDue();
    await begun;
    await runner.stop();
    expect(finished).toBe(true);
    await runner.runDue();
    expect(runs).toBe(1);
  });
});
