import { describe, expect, it } from 'vitest';
import { tokenAt } from './text-suggestions';

describe('tokenAt', () => {
  it('finds the mention or tag that ends at the caret, as the server reads text', () => {
    expect(tokenAt('Hello @le', 9)).toEqual({ start: 6, query: '@le' });
    expect(tokenAt('#gar', 4)).toEqual({ start: 0, query: '#gar' });
    expect(tokenAt('see (#gar', 9)).toEqual({ start: 5, query: '#gar' });
    // The caret inside a word: the part before it is what was typed so far.
    expect(tokenAt('@lena and', 3)).toEqual({ start: 0, query: '@le' });
  });

  it('finds nothing elsewhere: after a space, inside a word, a bare sigil, a link, a selection', () => {
    expect(tokenAt('@lena ', 6)).toBeUndefined();
    expect(tokenAt('mail@lena', 9)).toBeUndefined();
    expect(tokenAt('just @', 6)).toBeUndefined();
    expect(tokenAt('https://x.example/#top', 22)).toBeUndefined();
    expect(tokenAt('@lena', -1)).toBeUndefined();
  });
});
