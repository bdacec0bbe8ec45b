import { sql, type QueryExecutorProvider, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './database.js';
import { preparedOnPostgres } from './prepared.js';

export interface FirstPerGroupQuery {
  table: string;
  /** The column that names the group (a post's likers: `post_id`). */
  groupColumn: string;
  groups: readonly string[];
  /** Optionally split each group by the values of one more column (`kind`: like, dislike). */
  split?: { column: string; values: readonly string[] };
  columns: readonly string[];
  /** One more column of each row, named, computed in the terms of `table`'s row (a subquery). */
  also?: { name: string; value: RawBuilder<unknown> } | undefined;
  /** A further condition on the rows of every group, in the terms of `table`'s columns. */
  where?: RawBuilder<SqlBool> | undefined;
  /** The order within a group: the rows of one group come in this order. */
  orderBy: readonly string[];
  /** Newest first (the notifications' latest actors) instead of first come first. */
  descending?: boolean;
  limit: number;
}

/**
 * The first `limit` rows of each group, in one round trip, with a cost that does not grow with the
 * group (a post with 100,000 likes costs what a post with 3 does): one small indexed `LIMIT` query per
 * group.
 *
 * SQLite runs them as a UNION ALL of plain parts (prepared once per shape and kept; building 40 parts
 * with the query builder cost most of a feed page). PostgreSQL plans a 40-part UNION in 9–17 ms, so
 * there the same lists are one LATERAL join over the array of groups, whose text does not change with
 * the number of groups: it is prepared once per connection (`db/prepared.ts`).
 */
/** SQLite's SQLITE_MAX_COMPOUND_SELECT (500), with room to spare. */
const maxCompoundTerms = 400;

export async function firstPerGroup<Row>(
  db: QueryExecutorProvider,
  dialect: Dialect,
  query: FirstPerGroupQuery,
): Promise<Row[]> {
  if (query.groups.length === 0) return [];
  const { also } = query;
  const columns = sql.join([
    ...query.columns.map((column) => sql.ref(column)),
    ...(also ? [sql`${also.value} as ${sql.ref(also.name)}`] : []),
  ]);
  const direction = sql.raw(query.descending ? 'desc' : 'asc');
  const order = sql.join(query.orderBy.map((column) => sql`${sql.ref(column)} ${direction}`));
  const table = sql.table(query.table);
  const group = sql.ref(query.groupColumn);
  const { split } = query;
  const where = query.where ? sql`and ${query.where}` : sql``;

  if (dialect === 'postgres') {
    const outer = sql.join(
      [...query.columns, ...(also ? [also.name] : [])].map((column) => sql.ref(`part.${column}`)),
    );
    const outerOrder = sql.join(
      query.orderBy.map((column) => sql`${sql.ref(`part.${column}`)} ${direction}`),
    );
    const splitJoin = split
      ? sql`cross join unnest(${[...split.values]}::varchar[]) as split_by(value)`
      : sql``;
    const splitWhere = split ? sql`and ${sql.ref(split.column)} = split_by.value` : sql``;
    const { rows } = await sql<Row>`select ${preparedOnPostgres} ${outer}
      from unnest(${[...query.groups]}::varchar[]) as grouped(key) ${splitJoin}
      cross join lateral (
        select ${columns} from ${table}
        where ${group} = grouped.key ${splitWhere} ${where}
        order by ${order} limit ${query.limit}
      ) as part
      order by ${outerOrder}`.execute(db);
    return rows;
  }

  // SQLite allows at most 500 terms in one compound SELECT: many groups (the comments of a hundred
  // whole posts) go in several statements. The rows are put in order here, not by an outer ORDER BY:
  // SQLite sorted each part in a temporary B-tree of its own to merge them, which made the voters of a
  // page of 20 comments cost 171 µs instead of 20 even with no votes at all.
  const groupsPerStatement = Math.floor(maxCompoundTerms / (split ? split.values.length : 1));
  // Written into the SQL, not bound: with `limit ?` SQLite ran each part as a subquery of its own, and
  // 40 parts cost 355 µs instead of 23. The limits are the few caps of the configuration (integers).
  const limit = sql.lit(query.limit);
  const rows: Row[] = [];
  for (let start = 0; start < query.groups.length; start += groupsPerStatement) {
    const parts = query.groups.slice(start, start + groupsPerStatement).flatMap((key) =>
      (split ? split.values : [undefined]).map(
        (value) => sql`select * from (select ${columns} from ${table}
          where ${guessed(sql`${group} = ${key}`)} ${value === undefined || !split ? sql`` : sql`and ${guessed(sql`${sql.ref(split.column)} = ${value}`)}`} ${where}
          order by ${order} limit ${limit})`,
      ),
    );
    const result = await sql<Row>`${sql.join(parts, sql` union all `)}`.execute(db);
    for (const row of result.rows) rows.push(row);
  }
  return rows.sort(inOrder(query.orderBy, query.descending ? -1 : 1));
}

/**
 * A part's `column = ?` with the probability SQLite would guess for it, given in the SQL so that SQLite
 * does not guess it from the bound value. SQLite 3.54 guesses the share of rows an index does not
 * narrow by such a term from its value (1/4, or 1/2 for -1, 0 and 1), and a statement whose plan looked
 * at a bound value is prepared again the next time it runs after its bindings were cleared, which
 * better-sqlite3 does after every run: each part was compiled again on every run (the votes of 16 comments, 32
 * parts, cost 224 µs a run instead of 10; issue 38, decision 120). The index still narrows by the term; the plans are the
 * same (query-plans.test.ts).
 */
function guessed(equality: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  return sql<SqlBool>`likelihood(${equality}, 0.25)`;
}

/** Compares rows as ORDER BY does for the columns Sync orders by (ids, ISO times, counts; never NULL). */
function inOrder(columns: readonly string[], direction: 1 | -1) {
  return (left: unknown, right: unknown): number => {
    for (const column of columns) {
      const a = (left as Record<string, string | number>)[column]!;
      const b = (right as Record<string, string | number>)[column]!;
      if (a !== b) return a < b ? -direction : direction;
    }
    return 0;
  };
}
