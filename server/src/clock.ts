/**
 * Where the server reads the time. Everything that stamps or compares times (rows, ids, tokens) takes
 * it from the app's clock, so a test can set the time instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test moves by hand. */
export function manualClock(start: Date): Clock & { advance(ms: number): void; set(time: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => void (current += ms),
    set: (time) => void (current = time.getTime()),
  };
}
