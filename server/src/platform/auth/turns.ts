/**
 * Runs at most `limit` of the given jobs at once; the others wait, first come first served. Each job
 * is started when a turn is free and its turn passes on once it settles, fulfilled or rejected.
 */
export function takingTurns(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inTurn<T>(job: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await job();
    } finally {
      // A waiting job takes this turn over, so `running` stays as it is.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
