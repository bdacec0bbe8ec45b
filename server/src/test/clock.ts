import type { Clock } from '../clock.js';

/**
 * The clock the test harness gives the app (`server.clock`): the system's time, with two differences.
 *
 * - No two readings are the same: each is at least 1 ms after the one before. Rows are stamped and ids
 *   made (UUIDv7, decision 005) from readings of this clock, so every write a test makes gets its own,
 *   increasing timestamp however fast the machine is; with the system clock two writes in one
 *   millisecond share a timestamp and their ids order at random.
 * - A test moves it forward where its assertions need time to have passed (a bookmark made after
 *   another, an edit after the post): `clock.advance(1000)` instead of sleeping.
 *
 * Otherwise it follows the system's time, so times made elsewhere (the demo data, a token a test signs
 * itself) compare with the app's as they would in production.
 */
export class TestClock implements Clock {
  /** How far the test has moved the clock ahead of the system's time. */
  private aheadMs = 0;
  private lastMs = Number.NEGATIVE_INFINITY;

  now(): Date {
    this.lastMs = Math.max(Date.now() + this.aheadMs, this.lastMs + 1);
    return new Date(this.lastMs);
  }

  /** Moves the clock forward: the next reading is at least `ms` after the last one. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error(`a clock moves forward only: advance(${ms})`);
    this.aheadMs += ms;
    this.lastMs += ms;
  }
}
