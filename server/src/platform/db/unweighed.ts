import { sql, type RawBuilder } from 'kysely';

/**
 * A text parameter SQLite plans without reading its value: `cast(? as text)`. For `column = ?` in a
 * join, SQLite 3.54 weighs the join orders in which no index narrows by the term from the bound value,
 * and so marks the statement to be prepared again once its bindings are cleared, which better-sqlite3
 * does after every run (decision 120). The read of a local person joins `accounts` and `users`
 * (decision 125): by id or by name it was compiled again on every run, some 90 µs against 12 once
 * prepared. Behind a cast the planner sees an expression, not a value; the index still finds the row
 * by it, on PostgreSQL too (a varchar column compared with text uses its index: `query-plans.test.ts`).
 */
export function unweighed(value: string): RawBuilder<string> {
  return sql<string>`cast(${value} as text)`;
}
