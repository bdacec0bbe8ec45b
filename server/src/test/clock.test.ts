import { describe, expect, it } from 'vitest';
import { TestClock } from './clock.js';

describe('TestClock', () => {
  it('follows the system time, but never reads the same millisecond twice', () => {
    const clock = new TestClock();
    const before = Date.now();
    const readings = Array.from({ length: 50 }, () => clock.now().getTime());
    expect(readings[0]).toBeGreaterThanOrEqual(before);
    for (let i = 1; i < readings.length; i++) expect(readings[i]).toBeGreaterThan(readings[i - 1]!);
  });

  it('advance(ms) puts the next reading at least ms after the last', () => {
    const clock = new TestClock();
    const first = clock.now().getTime();
    clock.advance(60_000);
    const second = clock.now().getTime();
    expect(second - first).toBeGreaterThanOrEqual(60_000);
    expect(second).toBeGreaterThanOrEqual(Date.now() + 59_000);
    expect(() => clock.advance(-1)).toThrow(/forward only/);
  });
});
