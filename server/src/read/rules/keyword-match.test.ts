import { describe, expect, it } from 'vitest';
import type { ActiveFilter } from '../../data/filters.repo.js';
import type { FilterContext } from '../../data/schema.js';
import { keywordMatcher } from './keyword-match.js';

let made = 0;
function filter(
  keywords: (string | [keyword: string, wholeWord: boolean])[],
  options: Partial<Pick<ActiveFilter, 'title' | 'contexts' | 'action'>> = {},
): ActiveFilter {
  made += 1;
  return {
    id: `filter-${made}`,
    title: options.title ?? `Filter ${made}`,
    contexts: options.contexts ?? ['home', 'public', 'thread', 'account', 'notifications'],
    action: options.action ?? 'warn',
    expires_at: null,
    keywords: keywords.map((entry) =>
      typeof entry === 'string'
        ? { keyword: entry, wholeWord: true }
        : { keyword: entry[0], wholeWord: entry[1] },
    ),
  };
}

/** The keywords of one filter found in each text. */
function found(keyword: string | [string, boolean], texts: string[], context: FilterContext = 'home') {
  const matcher = keywordMatcher([filter([keyword])]);
  return texts.filter((text) => matcher.matches(text, context).length > 0);
}

describe('keyword filters: matching', () => {
  it('a whole-word keyword is found as a word, whatever its case and the marks around it', () => {
    const texts = [
      'Cat!',
      'my #cat',
      "the cat's toy",
      '(CAT)',
      'cat_',
      'concatenate',
      'cats',
      'scat',
      'cat2',
    ];
    expect(found('cat', texts)).toEqual(['Cat!', 'my #cat', "the cat's toy", '(CAT)']);
  });

  it('without whole words, a keyword is found inside words too', () => {
    expect(found(['cat', false], ['concatenate', 'CATS', 'dog'])).toEqual(['concatenate', 'CATS']);
  });

  it('words beyond ASCII have their own boundaries: accents, Cyrillic, Greek', () => {
    expect(found('café', ['Un CAFÉ, merci', 'cafés', 'cafétéria'])).toEqual(['Un CAFÉ, merci']);
    // An ASCII \b would take "é" for a boundary and find "caf" in "café".
    expect(found('caf', ['café', 'caf?'])).toEqual(['caf?']);
    expect(found('кот', ['Мой КОТ спит', 'котлета'])).toEqual(['Мой КОТ спит']);
    expect(found('ΟΔΟΣ', ['η οδος', 'ΟΔΟΣ.'])).toEqual(['η οδος', 'ΟΔΟΣ.']);
  });

  it('a keyword is found in a text that spells its accents apart, and the other way round', () => {
    const composed = 'naïve';
    const decomposed = composed.normalize('NFD');
    expect(found(composed, [`so ${decomposed}!`, `${decomposed}ly`])).toEqual([`so ${decomposed}!`]);
    expect(found(decomposed, [`so ${composed}!`])).toEqual([`so ${composed}!`]);
  });

  it('a phrase is found across any white space between its words, never across other marks', () => {
    const texts = ['Cat  food', 'cat\nfood!', 'cat, food', 'cat foods', 'catfood'];
    expect(found('cat food', texts)).toEqual(['Cat  food', 'cat\nfood!']);
    expect(found(['cat food', false], texts)).toEqual(['Cat  food', 'cat\nfood!', 'cat foods']);
  });

  it('the characters of regular expressions are themselves', () => {
    expect(found('a.b', ['a.b', 'axb'])).toEqual(['a.b']);
    expect(found(['(x)', false], ['f(x)', 'x'])).toEqual(['f(x)']);
    expect(found('$5', ['only $5 off', '$50'])).toEqual(['only $5 off']);
    expect(found(['[a-z]+', false], ['[a-z]+', 'abc'])).toEqual(['[a-z]+']);
    expect(found('\\d', ['\\d', '7'])).toEqual(['\\d']);
  });

  it("a boundary is asked for only where the keyword begins or ends with a word's character", () => {
    expect(found('c++', ['I write C++ daily', 'abc++'])).toEqual(['I write C++ daily']);
    expect(found('#cat', ['a#cat', '#caturday', '#Cat!'])).toEqual(['a#cat', '#Cat!']);
    // The first "c#" is inside a word; the second one counts.
    expect(found('c#', ['abc# then c#!', 'abc#'])).toEqual(['abc# then c#!']);
    expect(found('🍕', ['I ❤️🍕', 'pizza'])).toEqual(['I ❤️🍕']);
  });

  it('a filter applies in its contexts only', () => {
    const matcher = keywordMatcher([filter(['spoiler'], { contexts: ['home', 'thread'] })]);
    expect(matcher.matches('big spoiler', 'home')).toHaveLength(1);
    expect(matcher.matches('big spoiler', 'thread')).toHaveLength(1);
    expect(matcher.matches('big spoiler', 'public')).toEqual([]);
    expect(matcher.matches('big spoiler', 'notifications')).toEqual([]);
  });

  it('says which filters matched, in the order they were made, with the keywords found as written', () => {
    const politics = filter(['Election', 'vote', 'ballot box'], { title: 'Politics', action: 'hide' });
    const sport = filter(['match', 'goal'], { title: 'Sport' });
    const nothing = filter([], { title: 'Empty' });
    const matcher = keywordMatcher([politics, sport, nothing]);
    expect(matcher.matches('Election night: the goal is a vote in every Ballot  Box', 'public')).toEqual([
      {
        filterId: politics.id,
        title: 'Politics',
        action: 'hide',
        keywords: ['Election', 'vote', 'ballot box'],
        filter: politics,
      },
      { filterId: sport.id, title: 'Sport', action: 'warn', keywords: ['goal'], filter: sport },
    ]);
    expect(matcher.matches('', 'public')).toEqual([]);
    expect(matcher.matches('a quiet day', 'public')).toEqual([]);
  });

  it('a viewer without filters matches nothing', () => {
    expect(keywordMatcher([]).matches('anything at all', 'home')).toEqual([]);
  });

  describe('a hundred keywords', () => {
    const keywords = Array.from({ length: 100 }, (_, index) =>
      index % 10 === 9 ? `phrase number ${index}` : `keyword${index}`,
    );
    const prose =
      'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. '.repeat(
        4,
      );

    it('finds each of them, and nothing in a text holding none', () => {
      const matcher = keywordMatcher([filter(keywords)]);
      for (const keyword of keywords) {
        expect(matcher.matches(`${prose} ${keyword.toUpperCase()}.`, 'home')[0]?.keywords).toEqual([keyword]);
      }
      expect(matcher.matches(prose, 'home')).toEqual([]);
    });
  });
});
