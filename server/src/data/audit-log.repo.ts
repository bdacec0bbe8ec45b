import type { Insertable, Selectable } from 'kysely';
import type { Db } from './database.js';
import type { AuditLogTable } from './schema.js';
import { cursorKind, type CursorKey } from '../platform/db/keyset.js';

/** The `audit_log` table: appended to, never updated (there is no function here that could). */

export type AuditEntry = Selectable<AuditLogTable>;

export const auditOrder = cursorKind('audit-log', ['string', 'string']);

/** Appends an entry, in the transaction of the action it records. */
export async function appendAuditEntry(trx: Db, entry: Insertable<AuditLogTable>): Promise<void> {
  await trx.insertInto('audit_log').values(entry).execute();
}

/** A page of the log, newest first, after the cursor's (created_at, id). */
export function auditPage(
  db: Db,
  after: CursorKey<typeof auditOrder.shape> | undefined,
  limit: number,
): Promise<AuditEntry[]> {
  let query = db.selectFrom('audit_log').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  if (after) {
    const [createdAt, id] = after;
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', createdAt),
        eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)]),
      ]),
    );
  }
  return query.limit(limit).execute();
}
