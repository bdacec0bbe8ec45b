import { describe, expect, it } from 'vitest';
import { parseRailsParams } from './rails-params.js';

describe('Rails-style parameters', () => {
  it('reads plain keys, lists, objects and indexed objects', () => {
    const params = parseRailsParams(
      'status=Hi+there&media_ids[]=1&media_ids[]=2&source[note]=bio&fields_attributes[0][name]=Web&fields_attributes[0][value]=x',
    );
    expect(params).toEqual({
      status: 'Hi there',
      media_ids: ['1', '2'],
      source: { note: 'bio' },
      fields_attributes: { 0: { name: 'Web', value: 'x' } },
    });
  });

  it('reads a list of objects, each repeated key starting the next object', () => {
    const params = parseRailsParams(
      'k[][keyword]=cat&k[][whole_word]=true&k[][keyword]=dog&k[][keyword]=cow&k[][whole_word]=false',
    );
    expect(params).toEqual({
      k: [
        { keyword: 'cat', whole_word: 'true' },
        { keyword: 'dog' },
        { keyword: 'cow', whole_word: 'false' },
      ],
    });
  });

  it('drops keys that would reach a prototype and malformed keys', () => {
    const params = parseRailsParams('__proto__[polluted]=1&a[constructor]=2&bad]key=3&ok=4');
    expect(params).toEqual({ ok: '4' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps the last of repeated plain keys, as Rails does', () => {
    expect(parseRailsParams('limit=5&limit=10')).toEqual({ limit: '10' });
  });
});
