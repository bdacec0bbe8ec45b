import type { Db } from './database.js';

/** The `mutes` table: whose posts, comments and (optionally) notifications a user does not want to see. */

export interface ActiveMute {
  muted_id: string;
  notifications: boolean;
  expires_at: string | null;
}

/** The user's mutes that have not expired at `now` (an expired one is deleted by the next write). */
export async function activeMutes(db: Db, userId: string, now: string): Promise<ActiveMute[]> {
  const rows = await db
    .selectFrom('mutes')
    .select(['muted_id', 'notifications', 'expires_at'])
    .where('muter_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
  return rows.map((row) => ({ ...row, notifications: row.notifications === 1 }));
}
