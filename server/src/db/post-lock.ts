import type { Db } from './database.js';

/**
 * Locks a post's row for the rest of the transaction and says whether the post still exists.
 *
 * A change under a post (a reaction, a comment, a vote, a bookmark) takes the post's row first, as
 * deleting the post does. Without it, a change racing a deletion on PostgreSQL hit a foreign key
 * error or a deadlock (a 500) instead of the 404 the late request deserves. The lock is a no-op
 * write, so it works the same on SQLite (which has no SELECT ... FOR UPDATE).
 */
export async function lockPost(trx: Db, postId: string): Promise<boolean> {
  const result = await trx
    .updateTable('posts')
    .set((eb) => ({ like_count: eb.ref('like_count') }))
    .where('id', '=', postId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
