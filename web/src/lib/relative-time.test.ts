import { describe, expect, it } from 'vitest';
import { relativeTime, timeAgo } from './relative-time';

describe('relativeTime', () => {
  it.each([
    [0, '0 seconds ago'],
    [1, '1 seconds ago'],
    [59, '59 seconds ago'],
    [60, '60 seconds ago'],
    [61, '1 minutes ago'],
    [119, '1 minutes ago'],
    [120, '2 minutes ago'],
    [3599, '59 minutes ago'],
    [3600, '60 minutes ago'],
    [3601, '1 hours ago'],
    [7199, '1 hours ago'],
    [7200, '2 hours ago'],
    [86400, '24 hours ago'],
    [86401, '1 days ago'],
    [2 * 86400, '2 days ago'],
    [2592000, '30 days ago'],
    [2592001, '1 Month ago'],
    [2 * 2592000, '2 Month ago'],
    [11 * 2592000, '11 Month ago'],
    [31536000, '12 Month ago'],
    [31536001, '1 years ago'],
    [2 * 31536000, '2 years ago'],
    [10 * 31536000 + 5, '10 years ago'],
  ])('%i seconds reads %s', (seconds, expected) => {
    expect(relativeTime(seconds)).toBe(expected);
  });

  it('rounds fractional seconds down', () => {
    expect(relativeTime(61.9)).toBe('1 minutes ago');
    expect(relativeTime(59.99)).toBe('59 seconds ago');
  });

  it('never reads a negative age for a clock slightly ahead', () => {
    expect(relativeTime(-5)).toBe('0 seconds ago');
  });
});

describe('timeAgo', () => {
  it('measures from an ISO timestamp to now', () => {
    const now = Date.parse('2026-01-03T00:00:00Z');
    expect(timeAgo('2026-01-01T00:00:00Z', now)).toBe('2 days ago');
    expect(timeAgo('2026-01-02T00:00:00Z', now)).toBe('24 hours ago');
  });
});
