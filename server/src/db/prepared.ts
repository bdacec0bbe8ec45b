import { createHash } from 'node:crypto';
import { sql } from 'kysely';

/**
 * Marks a hot statement of fixed text that PostgreSQL should parse and plan once per connection and
 * then only run: a feed page's statements took longer to plan (185–200 µs for the marks) than to run.
 * Put it right after `select` (a query builder's `modifyFront`). Only statements that name their columns
 * are marked, so a column a newer Sync adds never changes a prepared statement's result (PostgreSQL
 * refuses that). SQLite keeps every statement prepared anyway and reads the mark as a comment.
 */
export const preparedOnPostgres = sql.raw(`/* prepared */`);

const marker = '/* prepared */';
const names = new Map<string, string>();

/** The name PostgreSQL knows a marked statement by on each connection; undefined when not marked. */
export function preparedStatementName(text: string): string | undefined {
  if (!text.includes(marker)) return undefined;
  let name = names.get(text);
  if (name === undefined) {
    name = `sync_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}
