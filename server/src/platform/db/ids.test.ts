import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

describe('newId', () => {
  it('orders ids made in the same millisecond as they were made', () => {
    const at = new Date('2026-11-26T10:00:00.000Z');
    const ids = Array.from({ length: 1000 }, () => newId(at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carries the given time, so ids of earlier times sort earlier', () => {
    const later = newId(new Date('2026-11-26T10:00:00.001Z'));
    const earlier = newId(new Date('2025-01-01T00:00:00.000Z'));
    expect(earlier < later).toBe(true);
    expect(parseInt(earlier.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.parse('2025-01-01T00:00:00.000Z'));
    expect(later).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
