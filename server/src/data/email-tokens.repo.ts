import type { Selectable } from 'kysely';
import type { Db } from './database.js';
import type { EmailTokenPurpose, EmailTokensTable } from './schema.js';

/** The table `email_tokens`: single-use links sent by email, kept as hashes (docs/decisions/100). */

export type EmailTokenRow = Selectable<EmailTokensTable>;

export async function insertEmailToken(db: Db, row: Omit<EmailTokenRow, 'used_at'>): Promise<void> {
  await db.insertInto('email_tokens').values(row).execute();
}

/**
 * Marks the token with this hash used, if it is of this purpose, unused and not expired at `now`, and
 * returns it; of two requests with one link, one gets it. Undefined otherwise.
 */
export function takeEmailToken(
  trx: Db,
  tokenHash: string,
  purpose: EmailTokenPurpose,
  now: string,
): Promise<EmailTokenRow | undefined> {
  return trx
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Whether the token with this hash is of this purpose, unused and not expired at `now`; nothing changes. */
export async function emailTokenUsable(
  db: Db,
  tokenHash: string,
  purpose: EmailTokenPurpose,
  now: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('email_tokens')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every unused link of this purpose of the user stops working (a newer one, or the change it made, replaces them). */
export async function retireEmailTokens(
  trx: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  now: string,
): Promise<void> {
  await trx
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
