import type { Selectable } from 'kysely';
import type { Db } from './database.js';
import type { InvitesTable } from './schema.js';

/** The `invites` table: invite links, each with its limits and how often it was used. */

export type InviteRow = Selectable<InvitesTable>;

export function insertInvite(trx: Db, row: Omit<InviteRow, 'uses'>): Promise<InviteRow> {
  return trx.insertInto('invites').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The newest `limit` invites, newest first, spent and revoked ones too. */
export function newestInvites(db: Db, limit: number): Promise<InviteRow[]> {
  return db
    .selectFrom('invites')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findInviteByCode(db: Db, code: string): Promise<InviteRow | undefined> {
  return db.selectFrom('invites').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findInviteById(db: Db, id: string): Promise<InviteRow | undefined> {
  return db.selectFrom('invites').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Revokes an invite; undefined when there is none with this id that was not revoked already. */
export function revokeInvite(trx: Db, id: string, at: string): Promise<InviteRow | undefined> {
  return trx
    .updateTable('invites')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Counts one use of a valid invite: not revoked, not expired at `now`, with uses left. One statement,
 * so that sign-ups racing for an invite's last use cannot both take it (on PostgreSQL the second waits
 * for the first's row and checks it again). Undefined when the invite is not valid.
 */
export function takeInviteUse(trx: Db, code: string, now: string): Promise<InviteRow | undefined> {
  return trx
    .updateTable('invites')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('code', '=', code)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .returningAll()
    .executeTakeFirst();
}
