import type { Db } from './database.js';

/** The `blocks` table: who blocked whom. */

/** Everyone the user blocked or is blocked by: the people their reads leave out (read/rules). */
export async function blockedEitherWay(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('blocks')
    .select('blocked_id as id')
    .where('blocker_id', '=', userId)
    .unionAll(db.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', userId))
    .execute();
  return rows.map((row) => row.id);
}
