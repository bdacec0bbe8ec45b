import type { Db } from '../../data/database.js';
import * as notifications from '../../data/notifications.repo.js';
import { keyOfNotificationId } from '../../read/views/mastodon/notifications.js';

/**
 * A Mastodon app's `notifications` marker moves Sync's own read marker (`notification_reads`), so
 * the web client's bell, `unread_count` and every app agree on what is read. A Mastodon notification
 * id carries the time of its group's latest cause (read/views/mastodon/notifications.ts): reading up to
 * an id reads everything up to that time, exactly as Sync's marker counts. The marker only moves
 * forward (the web client may have read further); an id that is not a notification's changes nothing.
 */
export async function readNotificationsUpTo(
  trx: Db,
  input: { viewerId: string; lastReadId: string },
): Promise<void> {
  const key = keyOfNotificationId(input.lastReadId);
  if (key) await notifications.markReadUpTo(trx, input.viewerId, key[0]);
}
