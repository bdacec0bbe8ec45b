import type { Db } from './database.js';
import { notificationKinds, type NotificationKind } from './schema.js';

/**
 * The `notification_settings` table: what notifies a person. No row is the default: every kind, from
 * anyone. The reads apply it (read/rules); nothing here deletes a notification.
 */

export interface NotificationSettingsRecord {
  /** The kinds turned off. */
  mutedTypes: ReadonlySet<NotificationKind>;
  onlyFromFollowing: boolean;
}

export const everyNotification: NotificationSettingsRecord = {
  mutedTypes: new Set(),
  onlyFromFollowing: false,
};

const kindsOf = (text: string): Set<NotificationKind> =>
  new Set(text === '' ? [] : text.split(',').filter(isKind));

const kinds: ReadonlySet<string> = new Set(notificationKinds);
/** A kind this version knows (a row written by a newer one may name others, which are passed over). */
const isKind = (text: string): text is NotificationKind => kinds.has(text);

/** The person's settings, or the default when they never changed any. */
export async function notificationSettingsOf(db: Db, userId: string): Promise<NotificationSettingsRecord> {
  const row = await db
    .selectFrom('notification_settings')
    .select(['muted_types', 'only_from_following'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return everyNotification;
  return { mutedTypes: kindsOf(row.muted_types), onlyFromFollowing: row.only_from_following === 1 };
}

/** Stores the person's settings whole (one row, created or replaced). */
export async function saveNotificationSettings(
  db: Db,
  userId: string,
  settings: NotificationSettingsRecord,
  at: string,
): Promise<void> {
  const values = {
    muted_types: [...settings.mutedTypes].sort().join(','),
    only_from_following: settings.onlyFromFollowing ? 1 : 0,
    updated_at: at,
  };
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}
