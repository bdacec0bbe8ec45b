import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/**
 * The first few rows of each group in one statement: one small indexed `LIMIT` query per group,
 * joined with UNION ALL. Unlike a window function over the whole group, its cost does not grow
 * with the group (a post with 100,000 likes costs what a post with 3 does).
 *
 * Built with `sql.join` rather than chained `unionAll` calls, which copy the growing query on every
 * call (quadratic in the number of groups, and most of a feed page's cost when measured).
 */
export async function firstPerGroup<Row>(
  db: Db,
  groups: readonly string[],
  queryFor: (group: string) => SelectQueryBuilder<Database, keyof Database, Row>,
): Promise<Row[]> {
  if (groups.length === 0) return [];
  const parts = groups.map(
    (group, index) => sql`select * from (${queryFor(group)}) as ${sql.id(`g${index}`)}`,
  );
  const { rows } = await sql<Row>`${sql.join(parts, sql` union all `)}`.execute(db);
  return rows;
}
