import type { LiveNotificationData } from '@sync/contract';
import * as notifications from '../../data/notifications.repo.js';
import { hydrateNotifications } from '../../read/hydration/notifications.js';
import { notificationViews } from '../../read/views/sync/notifications.js';
import type { Deps } from './deps.js';

/**
 * A notification as `GET /notifications` shows it, with the unread count, for the live event of its
 * creation or growth; undefined when it is gone meanwhile.
 */
export async function liveNotification(
  deps: Deps,
  input: { viewerId: string; notificationId: string },
): Promise<LiveNotificationData | undefined> {
  const [record, readAt, unreadCount] = await Promise.all([
    notifications.notificationOf(deps.db, input.viewerId, input.notificationId),
    notifications.readMarker(deps.db, input.viewerId),
    notifications.unreadCount(deps.db, input.viewerId),
  ]);
  if (!record) return undefined;
  const [notification] = notificationViews(
    await hydrateNotifications(deps, input.viewerId, [record], readAt),
  );
  return notification && { notification, unreadCount };
}
