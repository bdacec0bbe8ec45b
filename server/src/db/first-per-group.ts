import { sql, type RawBuilder } from 'kysely';

/**
 * The first few rows of each group: one small indexed `LIMIT` query per group, joined with
 * UNION ALL, to be used as a derived table. Unlike a window function over the whole group, its cost
 * does not grow with the group (a post with 100,000 likes costs what a post with 3 does).
 *
 * The parts are plain SQL over covering indexes, joined to other tables once outside the union:
 * building 40 parts with the query builder, and joining inside each, cost most of a feed page.
 * Join the union with CROSS JOIN ... WHERE: SQLite keeps the union as the outer loop then, where with
 * an INNER JOIN it chose to scan every user (68 ms instead of 3 ms on a trending page at 1M posts).
 */
export function firstPerGroup(parts: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sql.join(
    parts.map((part) => sql`select * from (${part}) as part`),
    sql` union all `,
  );
}
