import { describe, expect, it } from 'vitest';
import { wordDiff, type DiffPart } from './word-diff';

const same = (text: string): DiffPart => ({ kind: 'same', text });
const added = (text: string): DiffPart => ({ kind: 'added', text });
const removed = (text: string): DiffPart => ({ kind: 'removed', text });

/** Joining the parts gives back both versions. */
function expectBoth(before: string, after: string) {
  const parts = wordDiff(before, after);
  const join = (kind: DiffPart['kind']) =>
    parts
      .filter((part) => part.kind !== kind)
      .map((part) => part.text)
      .join('');
  expect(join('added')).toBe(before);
  expect(join('removed')).toBe(after);
  return parts;
}

describe('wordDiff', () => {
  it('keeps unchanged text as one shared part', () => {
    expect(expectBoth('Hello there, world', 'Hello there, world')).toEqual([same('Hello there, world')]);
    expect(wordDiff('', '')).toEqual([]);
  });

  it('marks added words, at the end, the start and in the middle', () => {
    expect(expectBoth('Sunset at the lake', 'Sunset at the lake tonight')).toEqual([
      same('Sunset at the lake'),
      added(' tonight'),
    ]);
    expect(expectBoth('at the lake', 'Sunset at the lake')).toEqual([added('Sunset '), same('at the lake')]);
    expect(expectBoth('Sunset at lake', 'Sunset at the quiet lake')).toEqual([
      same('Sunset at '),
      added('the quiet '),
      same('lake'),
    ]);
    expect(expectBoth('', 'Brand new')).toEqual([added('Brand new')]);
  });

  it('marks removed words', () => {
    expect(expectBoth('Sunset at the quiet lake', 'Sunset at the lake')).toEqual([
      same('Sunset at the '),
      removed('quiet '),
      same('lake'),
    ]);
    expect(expectBoth('All gone', '')).toEqual([removed('All gone')]);
  });

  it('shows a changed word as the old one removed, then the new one added', () => {
    expect(expectBoth('The cat sat on the mat', 'The dog sat on the mat')).toEqual([
      same('The '),
      removed('cat'),
      added('dog'),
      same(' sat on the mat'),
    ]);
  });

  it('takes changes split by a single space as one change', () => {
    expect(expectBoth('a big red ball', 'a small blue ball')).toEqual([
      same('a '),
      removed('big red'),
      added('small blue'),
      same(' ball'),
    ]);
  });

  it('compares whole words, and keeps line breaks and punctuation as written', () => {
    expect(expectBoth('Meet at 5pm.\nBring snacks', 'Meet at 6pm.\nBring snacks and water')).toEqual([
      same('Meet at '),
      removed('5pm.'),
      added('6pm.'),
      same('\nBring snacks'),
      added(' and water'),
    ]);
    // "cart" is not "car" with a "t" added: a word is changed whole.
    expect(expectBoth('my car', 'my cart')).toEqual([same('my '), removed('car'), added('cart')]);
  });

  it('finds the words kept between several changes', () => {
    const parts = expectBoth('one two three four five', 'zero one three four six five');
    expect(parts.filter((part) => part.kind === 'added').map((part) => part.text.trim())).toEqual([
      'zero',
      'six',
    ]);
    expect(parts.filter((part) => part.kind === 'removed').map((part) => part.text.trim())).toEqual(['two']);
  });
});
