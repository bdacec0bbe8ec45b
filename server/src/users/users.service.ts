import type { User } from '@sync/contract';
import { loadAllBookmarks } from '../bookmarks/bookmarks.repo.js';
import type { Db } from '../db/database.js';
import { loadUsers, type UserRow } from './users.repo.js';

/** Contract user objects as `viewerId` sees them: only their own carries bookmarks. */
export function toUsers(db: Db, rows: UserRow[], viewerId: string | undefined): Promise<User[]> {
  return loadUsers(db, rows, { viewerId, loadBookmarks: (userId) => loadAllBookmarks(db, userId) });
}

export async function toUser(db: Db, row: UserRow, viewerId: string | undefined): Promise<User> {
  const [user] = await toUsers(db, [row], viewerId);
  return user!;
}
