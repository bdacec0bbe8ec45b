import { describe, expect, it } from 'vitest';
import type { LiveMessage } from './messages.js';
import { RecentMessages } from './recent-messages.js';

const message = (n: number): LiveMessage => ({ type: 'post', postId: `p${n}`, authorId: 'a' });

describe('recent messages (what a reconnecting stream resumes from)', () => {
  it('holds the last maxCount messages, in order, however many came before', () => {
    const recent = new RecentMessages({ maxAgeMs: 60_000, maxCount: 10 });
    for (let n = 1; n <= 95; n++) recent.add(`m${n}`, message(n), 0);
    expect(recent.newest?.id).toBe('m95');
    expect(recent.after('m85', 0)).toBeUndefined();
    expect(recent.after('m86', 0)?.map((held) => held.id)).toEqual(
      Array.from({ length: 9 }, (_, index) => `m${87 + index}`),
    );
    expect(recent.after('m95', 0)).toEqual([]);
  });

  it('lets messages older than maxAgeMs go, but always keeps the newest', () => {
    const recent = new RecentMessages({ maxAgeMs: 1000, maxCount: 100 });
    recent.add('old', message(1), 0);
    recent.add('recent', message(2), 600);
    recent.add('new', message(3), 1500);
    expect(recent.after('old', 1500)).toBeUndefined();
    expect(recent.after('recent', 1500)?.map((held) => held.id)).toEqual(['new']);
    expect(recent.after('new', 10_000)).toEqual([]);
    expect(recent.newest?.id).toBe('new');
  });

  it('forgets everything on clear', () => {
    const recent = new RecentMessages({ maxAgeMs: 1000, maxCount: 3 });
    for (let n = 1; n <= 7; n++) recent.add(`m${n}`, message(n), 0);
    recent.clear();
    expect(recent.newest).toBeUndefined();
    expect(recent.after('m7', 0)).toBeUndefined();
    recent.add('m8', message(8), 0);
    expect(recent.after('m8', 0)).toEqual([]);
  });
});
