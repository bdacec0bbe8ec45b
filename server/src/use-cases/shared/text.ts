import { badRequest } from '../../platform/http/errors.js';

const characters = (value: string) => [...value].length;

/** An email address, loosely: something, one @, and a domain with a dot. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email address as a person typed it, trimmed; '' when not required and left empty. */
export function checkEmail(value: string, required: boolean): string {
  const email = checkText(value, { label: 'Email address', max: 254, required });
  if (email && !emailPattern.test(email)) {
    throw badRequest('Email address is not valid: it should look like name@example.com.');
  }
  return email;
}

/**
 * Checks a piece of user text and returns it trimmed. Lengths count characters as people see
 * them (an emoji is one), and NUL is refused because PostgreSQL cannot store it in text.
 */
export function checkText(value: string, options: { label: string; max: number; required: boolean }): string {
  const text = value.trim();
  if (text.includes('\u0000')) throw badRequest(`${options.label} can't contain NUL characters.`);
  if (options.required && text.length === 0) throw badRequest(`${options.label} can't be empty.`);
  if (characters(text) > options.max) {
    throw badRequest(
      `${options.label} can't be longer than ${options.max.toLocaleString('en-US')} characters (it has ${characters(text).toLocaleString('en-US')}).`,
    );
  }
  return text;
}

/**
 * An optional link: empty, an absolute http(s) URL, or a path on this site ("/avatars/x.svg").
 * Anything else (javascript:, data:, protocol-relative //host) is refused.
 */
export function checkUrl(value: string, options: { label: string; max: number }): string {
  const text = checkText(value, { ...options, required: false });
  if (text === '') return text;
  if (text.startsWith('/') && !text.startsWith('//') && !text.includes('\\')) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest(`${options.label} must be a web address starting with https:// or http://.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw badRequest(`${options.label} must be a web address starting with https:// or http://.`);
  }
  return text;
}
