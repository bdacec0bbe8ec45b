/**
 * Mentions, hashtags and links in post and comment text: one parser for the server (which records
 * mentions and tags) and the web client (which renders them). Pure and dependency-free.
 *
 * - `@username`: the characters of a username (letters, digits, `_`, `.`), not ending with `.`
 *   ("thanks @maya.chen." mentions maya.chen), not inside a word or an e-mail address (`a@b.com`).
 * - `#tag`: letters, digits and `_` (any script), not digits only (`#1` is not a tag), not inside a
 *   word (`C#`) or an HTML entity (`&#39;`), at most 100 characters. Tags are matched case-insensitively: `tag` is the lower-cased form.
 * - `http://` or `https://` up to the next space, without trailing punctuation (`.`, `,`, `!`, `?`,
 *   `:`, `;`, quotes) or an unbalanced closing bracket. Nothing inside a link is a mention or a tag.
 */

export type TextEntity =
  | { type: 'mention'; start: number; end: number; text: string; username: string }
  | { type: 'hashtag'; start: number; end: number; text: string; tag: string }
  | { type: 'link'; start: number; end: number; text: string; url: string };

/** Username characters, as sign-up allows them. */
const usernameChars = /[A-Za-z0-9_.]/;
const tagChars = /[\p{L}\p{M}\p{N}_]/u;
/** Longer runs are not tags (a tag is a word, and it is stored and indexed). */
export const tagMaxLength = 100;
/** A mention or a tag starts after the start of the text or a character that cannot be in a word. */
const wordChars = /[\p{L}\p{M}\p{N}_&/.@#]/u;
const linkStart = /https?:\/\//giy;
const trailingPunctuation = /[.,!?:;'"…]/;
const closers: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

export function parseTextEntities(text: string): TextEntity[] {
  const entities: TextEntity[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    const before = index === 0 ? '' : text[index - 1]!;
    const link = (char === 'h' || char === 'H') && !isWordChar(before) ? linkAt(text, index) : undefined;
    if (link) {
      entities.push(link);
      index = link.end;
      continue;
    }
    if ((char === '@' || char === '#') && !isWordChar(before)) {
      const entity = char === '@' ? mentionAt(text, index) : hashtagAt(text, index);
      if (entity) {
        entities.push(entity);
        index = entity.end;
        continue;
      }
    }
    index++;
  }
  return entities;
}

/** The distinct usernames mentioned, lower-cased, in order of first appearance. */
export function mentionedUsernames(text: string): string[] {
  return distinct(
    parseTextEntities(text).flatMap((entity) =>
      entity.type === 'mention' ? [entity.username.toLowerCase()] : [],
    ),
  );
}

/** The distinct tags, lower-cased, in order of first appearance. */
export function hashtagsOf(text: string): string[] {
  return distinct(
    parseTextEntities(text).flatMap((entity) => (entity.type === 'hashtag' ? [entity.tag] : [])),
  );
}

/** The form a tag is stored and looked up in: `#Sync`, `sync` and `SYNC` are one tag. */
export function normalizeTag(tag: string): string {
  return tag.replace(/^#/, '').normalize('NFC').toLowerCase();
}

/** Whether `tag` (with or without its `#`) is a tag the parser would find. */
export function isHashtag(tag: string): boolean {
  const entity = hashtagAt(`#${tag.replace(/^#/, '')}`, 0);
  return entity !== undefined && entity.end === tag.replace(/^#/, '').length + 1;
}

const isWordChar = (char: string) => char !== '' && wordChars.test(char);

function mentionAt(text: string, start: number): TextEntity | undefined {
  let end = start + 1;
  while (end < text.length && usernameChars.test(text[end]!)) end++;
  while (end > start + 1 && text[end - 1] === '.') end--;
  // "@maya.chen's" is a mention; "a@b" was ruled out by the caller; "@x" followed by "@" or "#" is not.
  if (end === start + 1 || (end < text.length && /[@#]/.test(text[end]!))) return undefined;
  const username = text.slice(start + 1, end);
  return { type: 'mention', start, end, text: text.slice(start, end), username };
}

function hashtagAt(text: string, start: number): (TextEntity & { type: 'hashtag' }) | undefined {
  let end = start + 1;
  while (end < text.length && tagChars.test(text[end]!)) end++;
  const body = text.slice(start + 1, end);
  if (body === '' || /^\p{N}+$/u.test(body) || body.length > tagMaxLength) return undefined;
  return { type: 'hashtag', start, end, text: text.slice(start, end), tag: normalizeTag(body) };
}

function linkAt(text: string, start: number): TextEntity | undefined {
  linkStart.lastIndex = start;
  const scheme = linkStart.exec(text);
  if (!scheme) return undefined;
  let end = start + scheme[0].length;
  while (end < text.length && !/\s/.test(text[end]!)) end++;
  for (;;) {
    const last = text[end - 1]!;
    if (trailingPunctuation.test(last)) end--;
    else if (last in closers && !isBalanced(text.slice(start, end), last)) end--;
    else break;
  }
  if (end <= start + scheme[0].length) return undefined;
  const url = text.slice(start, end);
  return { type: 'link', start, end, text: url, url };
}

/** Whether the closing bracket that ends `link` has its opening one inside the link (a Wikipedia URL). */
function isBalanced(link: string, closer: string): boolean {
  const opener = closers[closer]!;
  let depth = 0;
  for (const char of link) {
    if (char === opener) depth++;
    else if (char === closer) depth--;
  }
  return depth >= 0;
}

const distinct = (values: string[]) => [...new Set(values)];
