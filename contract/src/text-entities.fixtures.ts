import type { TextEntity } from './text-entities.js';

/**
 * Texts and the entities the parser finds in them (as [type, text] pairs, in order): shared by the
 * server's and the web client's tests so both read text the same way.
 */
export const textEntityFixtures: { name: string; text: string; entities: [TextEntity['type'], string][] }[] =
  [
    { name: 'plain text', text: 'Nothing to see here.', entities: [] },
    {
      name: 'a mention, a tag and a link',
      text: 'Hey @maya.chen, see #Sync at https://example.com/docs!',
      entities: [
        ['mention', '@maya.chen'],
        ['hashtag', '#Sync'],
        ['link', 'https://example.com/docs'],
      ],
    },
    { name: 'a mention ending a sentence', text: 'Thanks @olu_ade.', entities: [['mention', '@olu_ade']] },
    { name: 'a possessive', text: "@lena.k's idea", entities: [['mention', '@lena.k']] },
    { name: 'an e-mail address is not a mention', text: 'mail me at maya@example.com', entities: [] },
    { name: 'a lone @', text: 'meet @ noon', entities: [] },
    { name: 'digits only is not a tag', text: 'We are #1 and #2024', entities: [] },
    { name: 'digits and letters are a tag', text: '#2024goals', entities: [['hashtag', '#2024goals']] },
    { name: 'underscores in tags', text: '#open_source', entities: [['hashtag', '#open_source']] },
    {
      name: 'tags in any script, stopped by punctuation',
      text: '#café, #東京! #naïve.',
      entities: [
        ['hashtag', '#café'],
        ['hashtag', '#東京'],
        ['hashtag', '#naïve'],
      ],
    },
    { name: 'not a tag inside a word', text: 'I write C# and F#', entities: [] },
    { name: 'not a tag in an HTML entity', text: 'it&#39;s', entities: [] },
    {
      name: 'tags right after each other',
      text: '#one#two #three',
      entities: [
        ['hashtag', '#one'],
        ['hashtag', '#three'],
      ],
    },
    {
      name: 'http links',
      text: 'see http://a.example/x?y=1&z=2.',
      entities: [['link', 'http://a.example/x?y=1&z=2']],
    },
    {
      name: 'a link in brackets',
      text: '(https://example.com/page)',
      entities: [['link', 'https://example.com/page']],
    },
    {
      name: 'balanced brackets stay in the link',
      text: 'https://en.wikipedia.org/wiki/Sync_(band)',
      entities: [['link', 'https://en.wikipedia.org/wiki/Sync_(band)']],
    },
    {
      name: 'no mention or tag inside a link',
      text: 'https://example.com/@maya/#tag and after',
      entities: [['link', 'https://example.com/@maya/#tag']],
    },
    { name: 'other schemes are not links', text: 'ftp://example.com javascript:alert(1)', entities: [] },
    { name: 'a scheme with nothing after it', text: 'https:// is a prefix', entities: [] },
    {
      name: 'at the start of lines',
      text: '@noor.h\n#Monday\nhttps://x.example',
      entities: [
        ['mention', '@noor.h'],
        ['hashtag', '#Monday'],
        ['link', 'https://x.example'],
      ],
    },
  ];
