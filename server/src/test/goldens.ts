import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

/**
 * Golden files: an answer kept as text beside the tests, so a change to it is a diff to review.
 * `UPDATE_GOLDENS=1` writes them; without it, an answer unlike its file fails with the difference.
 * One run writes a file once: a second answer for the same file (the other database) is compared with
 * what the first wrote, so answers that differ between SQLite and PostgreSQL fail even while updating.
 */
const updating = process.env.UPDATE_GOLDENS === '1';
const writtenThisRun = new Set<string>();

export function expectGolden(file: string, actual: string): void {
  const expected = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  if (updating && !writtenThisRun.has(file)) {
    writtenThisRun.add(file);
    if (actual !== expected) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, actual);
    }
    return;
  }
  if (expected === undefined)
    throw new Error(`${file} does not exist: run the test with UPDATE_GOLDENS=1 to write it, then review it`);
  expect(actual, `${file} (UPDATE_GOLDENS=1 writes it anew, to review as a diff)`).toBe(expected);
}

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g;

/** A page cursor (platform/http/pagination.ts): its key as base64url JSON, a dot, a 22-character signature. */
const cursor = /(?<![\w-])([\w-]{8,})\.[\w-]{22}(?![\w-])/g;

/** A cursor as the key it carries (`<cursor 2026-03-02T09:28:00.000Z <id 1>>`); other text as it is. */
function cursorKeyOf(text: string, body: string): string {
  try {
    const key: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return Array.isArray(key) ? `<cursor ${key.join(' ')}>` : text;
  } catch {
    return text;
  }
}

/** Random values other than ids that answers show, by the name of their placeholders. */
export interface RandomValues {
  kind: string;
  pattern: RegExp;
}

/**
 * The text with each page cursor replaced by the key it carries (its signature depends on the ids),
 * each id by its name (`<ben>`, `<post:photo>`), and any other id or random value by a placeholder
 * numbered in order of first appearance (`<id 1>`, `<media key 1>`): ids and media keys are random,
 * the rest of an answer is not.
 */
export function withStableNames(
  text: string,
  names: ReadonlyMap<string, string>,
  randoms: readonly RandomValues[],
): string {
  const placeholders = new Map<string, string>();
  const counts = new Map<string, number>();
  const placeholderOf = (kind: string) => (value: string) => {
    const name = names.get(value);
    if (name) return `<${name}>`;
    let placeholder = placeholders.get(value);
    if (!placeholder) {
      const count = (counts.get(kind) ?? 0) + 1;
      counts.set(kind, count);
      placeholder = `<${kind} ${count}>`;
      placeholders.set(value, placeholder);
    }
    return placeholder;
  };
  return randoms.reduce(
    (named, { kind, pattern }) => named.replace(pattern, placeholderOf(kind)),
    text.replace(cursor, cursorKeyOf).replace(uuid, placeholderOf('id')),
  );
}
