import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './database.js';

/** Bound on the ids in one `IN (...)` list: SQLite and PostgreSQL both cap bound parameters. */
const chunkSize = 500;

/** The ids in chunks small enough for one `IN (...)` list each. */
export function* chunksOf<T>(ids: readonly T[]): Generator<T[]> {
  for (let start = 0; start < ids.length; start += chunkSize) yield ids.slice(start, start + chunkSize);
}

/**
 * Runs a query per chunk of ids and concatenates the rows. Rows are appended one by one: spreading a
 * large result into push() overflows the call stack (seen past ~100,000 rows).
 */
export async function loadInChunks<T, Row>(
  ids: readonly T[],
  load: (chunk: T[]) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const chunk of chunksOf(ids)) {
    for (const row of await load(chunk)) rows.push(row);
  }
  return rows;
}

export function groupBy<K, V>(items: readonly V[], keyOf: (item: V, index: number) => K): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const [index, item] of items.entries()) {
    const key = keyOf(item, index);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * `column IN (ids)`. On PostgreSQL it is `column = any($1)`, one array parameter, so the statement's
 * text is the same for any number of ids and it can be prepared (`db/prepared.ts`).
 */
export function isOneOf(dialect: Dialect, column: string, ids: readonly string[]): RawBuilder<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} = any(${[...ids]}::varchar[])`
    : sql<SqlBool>`${sql.ref(column)} in (${sql.join([...ids])})`;
}

/**
 * Ids as a one-column table (`id`), for `join` and `in`: one array parameter on PostgreSQL, one JSON
 * text on SQLite, so the statement's text does not change with how many there are.
 */
export function idsTable(dialect: Dialect, ids: readonly string[]): RawBuilder<{ id: string }> {
  return dialect === 'postgres'
    ? sql<{ id: string }>`select unnest(${[...ids]}::varchar[]) as id`
    : sql<{ id: string }>`select value as id from json_each(${JSON.stringify(ids)})`;
}
