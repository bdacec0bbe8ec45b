import { describe, expect, it } from 'vitest';
import { RestartBackoff } from './restart-backoff.js';

describe('the restart back-off', () => {
  it('doubles the wait while workers die soon after starting, up to the cap', () => {
    const backoff = new RestartBackoff({ firstMs: 250, maxMs: 2000, stableAfterMs: 30_000 });
    expect([1, 2, 3, 4, 5, 6].map(() => backoff.delayAfter(100))).toEqual([250, 500, 1000, 2000, 2000, 2000]);
  });

  it('starts over after a worker that ran long enough', () => {
    const backoff = new RestartBackoff({ firstMs: 250, maxMs: 30_000, stableAfterMs: 30_000 });
    backoff.delayAfter(100);
    backoff.delayAfter(100);
    expect(backoff.delayAfter(30_000)).toBe(250);
    expect(backoff.delayAfter(100)).toBe(250);
    expect(backoff.delayAfter(100)).toBe(500);
  });
});
