import type { Db } from './database.js';

/**
 * The `idempotency_keys` table: the status a person's `Idempotency-Key` made, for an hour (the Mastodon
 * API's POST /api/v1/statuses). Keys are hashes; the caller says which are recent enough to count.
 */

/**
 * Claims a key for a new status in the caller's transaction (the status's own): true when the key was
 * free or only an expired claim held it. A concurrent claim of the same key waits for this one on
 * PostgreSQL (the primary key) and then finds it taken; on SQLite writes are one at a time.
 */
export async function claimKey(
  trx: Db,
  claim: { user_id: string; key_hash: string; status_id: string; created_at: string },
  expiredBefore: string,
): Promise<boolean> {
  const claimed = await trx
    .insertInto('idempotency_keys')
    .values(claim)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'key_hash'])
        .doUpdateSet({ status_id: claim.status_id, created_at: claim.created_at })
        .where('idempotency_keys.created_at', '<', expiredBefore),
    )
    .returning('status_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** The status a key made, when its claim is not older than `since`. */
export async function statusOfKey(
  db: Db,
  userId: string,
  keyHash: string,
  since: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select('status_id')
    .where('user_id', '=', userId)
    .where('key_hash', '=', keyHash)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return row?.status_id;
}

/** Forgets every claim older than `before` (by the age index). */
export async function deleteExpiredKeys(db: Db, before: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
}
