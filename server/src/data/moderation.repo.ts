import type { Selectable } from 'kysely';
import type { Db } from './database.js';
import { loadInChunks } from '../platform/db/chunks.js';
import type { ModerationActionsTable } from './schema.js';

/**
 * The `moderation_actions` table: what moderators did to an account (warned, limited, suspended, lifted
 * those, deleted a post or comment of theirs), with the text the person is shown. Appended to by the
 * moderation use cases in the transaction of the action; the account page lists it.
 */

export type ModerationActionRecord = Selectable<ModerationActionsTable>;

export async function insertModerationAction(trx: Db, row: ModerationActionRecord): Promise<void> {
  await trx.insertInto('moderation_actions').values(row).execute();
}

/** The latest `limit` actions on an account, newest first (`moderation_actions_by_target`). */
export function actionsOnAccount(db: Db, targetId: string, limit: number): Promise<ModerationActionRecord[]> {
  return db
    .selectFrom('moderation_actions')
    .selectAll()
    .where('target_id', '=', targetId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The actions with these ids (the warnings notifications tell of); those gone are left out. */
export function actionsByIds(db: Db, ids: readonly string[]): Promise<ModerationActionRecord[]> {
  return loadInChunks(ids, (chunk) =>
    db.selectFrom('moderation_actions').selectAll().where('id', 'in', chunk).execute(),
  );
}
