import { describe, expect, it } from 'vitest';
import { textEntityFixtures } from './text-entities.fixtures.js';
import {
  hashtagsOf,
  isHashtag,
  mentionedUsernames,
  normalizeTag,
  parseTextEntities,
} from './text-entities.js';

describe('parseTextEntities', () => {
  it.each(textEntityFixtures)('$name', ({ text, entities }) => {
    const found = parseTextEntities(text);
    expect(found.map((entity) => [entity.type, entity.text])).toEqual(entities);
    for (const entity of found) expect(text.slice(entity.start, entity.end)).toBe(entity.text);
  });

  it('gives each entity its value: the username, the lower-cased tag, the URL', () => {
    expect(parseTextEntities('@Maya.Chen #ÉTÉ https://x.example/a')).toEqual([
      { type: 'mention', start: 0, end: 10, text: '@Maya.Chen', username: 'Maya.Chen' },
      { type: 'hashtag', start: 11, end: 15, text: '#ÉTÉ', tag: 'été' },
      { type: 'link', start: 16, end: 35, text: 'https://x.example/a', url: 'https://x.example/a' },
    ]);
  });
});

describe('mentions and tags of a text', () => {
  it('lists each username and tag once, lower-cased, in order of appearance', () => {
    const text = '@Olu_Ade and @olu_ade met @lena.k: #Sync #sync #SYNC #other';
    expect(mentionedUsernames(text)).toEqual(['olu_ade', 'lena.k']);
    expect(hashtagsOf(text)).toEqual(['sync', 'other']);
  });

  it('normalizes and recognizes tags as the parser does', () => {
    expect(normalizeTag('#Café')).toBe('café');
    expect(isHashtag('sync')).toBe(true);
    expect(isHashtag('#open_source')).toBe(true);
    expect(isHashtag('2024')).toBe(false);
    expect(isHashtag('two words')).toBe(false);
    expect(isHashtag('')).toBe(false);
  });
});
