/** A query whose one row is `{ count }`, as `select count(*) as count …` gives. */
interface CountQuery {
  executeTakeFirstOrThrow(): Promise<{ count: string | number | bigint }>;
}

/** The number a count query answers: PostgreSQL gives count(*) as a bigint, which arrives as text. */
export async function countOf(query: CountQuery): Promise<number> {
  const { count } = await query.executeTakeFirstOrThrow();
  return Number(count);
}
