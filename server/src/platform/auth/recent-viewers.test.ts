import { describe, expect, it } from 'vitest';
import { manualClock } from '../../clock.js';
import { RecentViewers } from './recent-viewers.js';

/** What the cache keeps is the data layer's user row; these tests need its id and token version. */
interface Row {
  id: string;
  token_version: number;
}
const row = (id: string, tokenVersion = 0): Row => ({ id, token_version: tokenVersion });

describe('RecentViewers', () => {
  it('keeps a row for ttlMs, then reads again', () => {
    const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
    const recent = new RecentViewers<Row>(clock, 5000);
    recent.remember(row('ann'), recent.mark);
    clock.advance(4999);
    expect(recent.get('ann')?.id).toBe('ann');
    clock.advance(1);
    expect(recent.get('ann')).toBeUndefined();
  });

  it('does not keep a row read before a forget that came while it was read (it may be the revoked one)', () => {
    const recent = new RecentViewers<Row>(manualClock(new Date()), 5000);
    const mark = recent.mark;
    // The password changes, and its `sessions-ended` arrives, while the row is on its way from the database.
    recent.forget('ann');
    recent.remember(row('ann', 0), mark);
    expect(recent.get('ann')).toBeUndefined();
    recent.remember(row('ann', 1), recent.mark);
    expect(recent.get('ann')?.token_version).toBe(1);
  });

  it('forgets one user, or everyone after the event channel was down', () => {
    const recent = new RecentViewers<Row>(manualClock(new Date()), 5000);
    for (const id of ['ann', 'ben', 'cat']) recent.remember(row(id), recent.mark);
    recent.forget('ben');
    expect(['ann', 'ben', 'cat'].map((id) => recent.get(id)?.id)).toEqual(['ann', undefined, 'cat']);
    recent.clear();
    expect(['ann', 'cat'].map((id) => recent.get(id))).toEqual([undefined, undefined]);
  });

  it('holds at most maxEntries, dropping the one kept longest', () => {
    const recent = new RecentViewers<Row>(manualClock(new Date()), 5000, 2);
    for (const id of ['ann', 'ben', 'cat']) recent.remember(row(id), recent.mark);
    expect(['ann', 'ben', 'cat'].map((id) => recent.get(id)?.id)).toEqual([undefined, 'ben', 'cat']);
  });

  it('keeps nothing with ttlMs 0 (VIEWER_CACHE_MS=0)', () => {
    const recent = new RecentViewers<Row>(manualClock(new Date()), 0);
    recent.remember(row('ann'), recent.mark);
    expect(recent.enabled).toBe(false);
    expect(recent.get('ann')).toBeUndefined();
  });
});
