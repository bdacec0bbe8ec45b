// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { preloadOf } from './lazy';

describe('preloadOf', () => {
  it('drops a failed preload quietly: the part loads again when wanted', async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    try {
      // Not vi.fn: a mock follows the promises it returns, which handles their rejections.
      let loads = 0;
      const load = () => {
        loads++;
        return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      };
      preloadOf(load)();
      expect(loads).toBe(1);
      // Node reports a rejection nobody handled once the microtasks after it have run.
      await new Promise((resolve) => setTimeout(resolve, 10));
    } finally {
      process.off('unhandledRejection', note);
    }
    expect(unhandled).toEqual([]);
  });
});
