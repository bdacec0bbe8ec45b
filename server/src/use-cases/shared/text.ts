import { Invalid } from './domain-errors.js';

const characters = (value: string) => [...value].length;

/** An email address, loosely: something, one @, and a domain with a dot. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email address as a person typed it, trimmed; '' when not required and left empty. */
export function checkEmail(value: string, required: boolean): string {
  const email = checkText(value, { label: 'Email address', max: 254, required });
  if (email && !emailPattern.test(email)) {
    throw new Invalid('Email address', 'Email address is not valid: it should look like name@example.com.');
  }
  return email;
}

/**
 * C0 and C1 controls (DEL too) and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069). In a name they disguise it ("Admin" + U+202E + "gnp.exe" reads "Adminexe.png"), and
 * escape codes reach logs and exports; no one types them on purpose. The marks (U+200E, U+200F) stay:
 * right-to-left names use them.
 */
const isDisguising = (code: number) =>
  code <= 0x1f ||
  (code >= 0x7f && code <= 0x9f) ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);
const isLineBreakOrTab = (code: number) => code === 0x09 || code === 0x0a || code === 0x0d;

const codePointName = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

export interface TextRules {
  label: string;
  max: number;
  required: boolean;
  /**
   * Text that stands for a person (their names, bio, city, link): no controls or direction overrides;
   * a `paragraphs` text (a bio) keeps its line breaks and tabs. Posts are not checked this way.
   */
  aboutPerson?: 'line' | 'paragraphs';
}

/**
 * Checks a piece of user text and returns it trimmed. Lengths count characters as people see
 * them (an emoji is one), and NUL is refused because PostgreSQL cannot store it in text.
 */
export function checkText(value: string, options: TextRules): string {
  const text = value.trim();
  if (text.includes('\u0000'))
    throw new Invalid(options.label, `${options.label} can't contain NUL characters.`);
  if (options.required && text.length === 0)
    throw new Invalid(options.label, `${options.label} can't be empty.`);
  if (characters(text) > options.max) {
    throw new Invalid(
      options.label,
      `${options.label} can't be longer than ${options.max.toLocaleString('en-US')} characters (it has ${characters(text).toLocaleString('en-US')}).`,
    );
  }
  if (options.aboutPerson) refuseDisguise(text, options.label, options.aboutPerson);
  return text;
}

function refuseDisguise(text: string, label: string, shape: 'line' | 'paragraphs'): void {
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (!isDisguising(code)) continue;
    if (!isLineBreakOrTab(code)) {
      throw new Invalid(
        label,
        `${label} can't contain control characters or text-direction overrides (it has ${codePointName(code)}), which can disguise how it reads. Remove it and try again.`,
      );
    }
    if (shape === 'line')
      throw new Invalid(label, `${label} must be one line: remove the line break or tab.`);
  }
}

/**
 * An optional link: empty, an absolute http(s) URL, or a path on this site ("/avatars/x.svg").
 * Anything else (javascript:, data:, protocol-relative //host) is refused.
 */
export function checkUrl(value: string, options: { label: string; max: number }): string {
  const text = checkText(value, { ...options, required: false, aboutPerson: 'line' });
  if (text === '') return text;
  if (text.startsWith('/') && !text.startsWith('//') && !text.includes('\\')) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Invalid(
      options.label,
      `${options.label} must be a web address starting with https:// or http://.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Invalid(
      options.label,
      `${options.label} must be a web address starting with https:// or http://.`,
    );
  }
  return text;
}
