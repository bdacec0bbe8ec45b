import type { Db } from '../../server/src/data/database.js';
import { newId } from '../../server/src/platform/db/ids.js';

/**
 * An account the bench makes (`bench-…`: the fixture's twins and spam, the repost twins); nobody logs
 * in with a password. The data set's members are `user<n>`; the fixture samples only them.
 */
export function madeUpUser(username: string, createdAt: string) {
  return {
    id: newId(new Date()),
    username,
    username_key: username,
    first_name: 'Bench',
    last_name: username,
    avatar_url: '',
    bio: '',
    links: '',
    city: '',
    created_at: createdAt,
    updated_at: createdAt,
    name_key: `bench ${username}`,
    last_name_key: username,
  };
}

/** Writes the accounts, each with a login whose password hash signs nobody in. */
export async function insertUsers(db: Db, rows: ReturnType<typeof madeUpUser>[]) {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db.insertInto('accounts').values(chunk).execute();
    await db
      .insertInto('users')
      .values(
        chunk.map((row) => ({
          account_id: row.id,
          password_hash: 'not a password hash: nobody logs in',
          email: `${row.username}@example.com`,
          created_at: row.created_at,
        })),
      )
      .execute();
  }
}

/**
 * A new account (following no one yet) follows `followeeIds`, its `following_count` and their
 * `follower_count` kept exact, as the server's follow would.
 */
export async function followAll(db: Db, followerId: string, followeeIds: string[], createdAt: string) {
  if (followeeIds.length === 0) return;
  await db
    .insertInto('follows')
    .values(followeeIds.map((id) => ({ follower_id: followerId, followee_id: id, created_at: createdAt })))
    .execute();
  await db
    .updateTable('accounts')
    .set({ following_count: followeeIds.length })
    .where('id', '=', followerId)
    .execute();
  await db
    .updateTable('accounts')
    .set((eb) => ({ follower_count: eb('follower_count', '+', 1) }))
    .where('id', 'in', followeeIds)
    .execute();
}
