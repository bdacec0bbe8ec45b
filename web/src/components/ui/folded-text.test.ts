import { parseTextEntities } from '@sync/contract';
import { describe, expect, it } from 'vitest';
import { foldPoint } from './folded-text';

const foldOf = (text: string) => foldPoint(text, parseTextEntities(text));
const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i % 10}`).join(' ');

describe('foldPoint', () => {
  it('leaves a text of 500 characters whole and folds a longer one between words, near 400', () => {
    expect(foldOf('a'.repeat(500))).toBeUndefined();
    const long = words(120); // 719 characters
    const fold = foldOf(long)!;
    expect(fold).toBeGreaterThan(360);
    expect(fold).toBeLessThanOrEqual(400);
    expect(long[fold]).toBe(' ');
    expect(long.slice(0, fold)).toMatch(/word\d$/);
  });

  it('counts a link as 23 characters, as Mastodon does', () => {
    const link = `https://example.com/${'x'.repeat(600)}`;
    expect(foldOf(`Read ${link} today`)).toBeUndefined();
  });

  it('never cuts a link or a mention in half: the fold moves before it', () => {
    for (const entity of [
      `https://example.com/${'path/'.repeat(8)}`,
      '@someone_with_a_long_name',
      '#alongtag',
    ]) {
      // The entity starts a few characters before 400, with no space within reach before it.
      const text = `${'x'.repeat(390)} ${entity} ${'y'.repeat(200)}`;
      const fold = foldOf(text)!;
      expect(fold, entity).toBe(390);
    }
  });

  it('never cuts an emoji made of two UTF-16 units in half', () => {
    const text = '😀'.repeat(600);
    const fold = foldOf(text)!;
    expect(fold).toBe(800);
    expect(text.slice(0, fold)).toBe('😀'.repeat(400));
  });
});
