import type { SelectQueryBuilder } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/**
 * The first few rows of each group in one statement: one small indexed `LIMIT` query per group,
 * joined with UNION ALL. Unlike a window function over the whole group, its cost does not grow
 * with the group (a post with 100,000 likes costs what a post with 3 does).
 */
export async function firstPerGroup<Row>(
  db: Db,
  groups: readonly string[],
  queryFor: (group: string) => SelectQueryBuilder<Database, keyof Database, Row>,
): Promise<Row[]> {
  if (groups.length === 0) return [];
  const parts = groups.map(
    (group, index) =>
      db.selectFrom(queryFor(group).as(`g${index}`)).selectAll() as unknown as SelectQueryBuilder<
        Database,
        keyof Database,
        Row
      >,
  );
  const [first, ...rest] = parts;
  return rest.reduce((union, part) => union.unionAll(part), first!).execute() as Promise<Row[]>;
}
