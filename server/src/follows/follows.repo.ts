import type { Db } from '../db/database.js';

/** Follows and keeps both users' counts in step, in one transaction; 'already' when already following. */
export function follow(
  db: Db,
  followerId: string,
  followeeId: string,
  now: string,
): Promise<'ok' | 'already'> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('follows')
      .values({ follower_id: followerId, followee_id: followeeId, created_at: now })
      .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
      .executeTakeFirst();
    if ((inserted.numInsertedOrUpdatedRows ?? 0n) === 0n) return 'already';
    await adjustCounts(trx, followerId, followeeId, 1);
    return 'ok';
  });
}

/** The reverse of follow; 'missing' when not following. */
export function unfollow(db: Db, followerId: string, followeeId: string): Promise<'ok' | 'missing'> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('follows')
      .where('follower_id', '=', followerId)
      .where('followee_id', '=', followeeId)
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) return 'missing';
    await adjustCounts(trx, followerId, followeeId, -1);
    return 'ok';
  });
}

/** Rows are updated in id order so that two users following each other at once cannot deadlock. */
async function adjustCounts(db: Db, followerId: string, followeeId: string, delta: 1 | -1) {
  const updates = [
    { id: followerId, column: 'following_count' as const },
    { id: followeeId, column: 'follower_count' as const },
  ].sort((a, b) => a.id.localeCompare(b.id));
  for (const { id, column } of updates) {
    await db
      .updateTable('users')
      .set((eb) => ({ [column]: eb(column, '+', delta) }))
      .where('id', '=', id)
      .execute();
  }
}
