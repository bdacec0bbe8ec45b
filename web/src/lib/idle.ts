import { useEffect, useState } from 'react';

/** Runs `callback` once the browser is idle (at most a few seconds from now); returns its cancel. */
export function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout: 3_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 500);
  return () => clearTimeout(id);
}

/** True once the browser is idle after the first screen (at most a few seconds later). */
export function useIdle() {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
