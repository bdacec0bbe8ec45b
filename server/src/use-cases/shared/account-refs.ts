import type { Db } from '../../data/database.js';
import * as users from '../../data/users.repo.js';

/** An account named by username (Sync's API) or by id (the Mastodon API's). */
export type AccountRef = { username: string } | { id: string };

/** The account a reference names, if there is one. */
export function findAccount(db: Db, ref: AccountRef): Promise<users.UserRow | undefined> {
  return 'username' in ref ? users.findUserByUsername(db, ref.username) : users.findUserById(db, ref.id);
}
