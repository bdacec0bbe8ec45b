import type { Db } from '../data/database.js';
import type { NotificationKind } from '../data/schema.js';

/** Who the person's notifications of this kind name, as their rows hold them, in id order. */
export async function notificationActors(
  db: Db,
  recipientId: string,
  type: NotificationKind,
): Promise<string[]> {
  const rows = await db
    .selectFrom('notification_actors')
    .innerJoin('notifications', 'notifications.id', 'notification_actors.notification_id')
    .select('notification_actors.actor_id')
    .where('notifications.recipient_id', '=', recipientId)
    .where('notifications.type', '=', type)
    .orderBy('notification_actors.actor_id')
    .execute();
  return rows.map((row) => row.actor_id);
}
