import type { LiveNotificationData } from '@sync/contract';
import * as notifications from '../../data/notifications.repo.js';
import {
  countShownUnread,
  hydrateNotifications,
  shownNotificationOf,
} from '../../read/hydration/notifications.js';
import { notificationViews } from '../../read/views/sync/notifications.js';
import type { Deps } from '../shared/deps.js';

/**
 * A notification as `GET /notifications` shows it, with the unread count, for the live event of its
 * creation or growth; undefined when it is gone meanwhile or the viewer's settings leave it out.
 */
export async function liveNotification(
  deps: Deps,
  input: { viewerId: string; notificationId: string },
): Promise<LiveNotificationData | undefined> {
  const [record, readAt, unreadCount] = await Promise.all([
    shownNotificationOf(deps, input.viewerId, input.notificationId),
    notifications.readMarker(deps.db, input.viewerId),
    unreadShown(deps, input.viewerId),
  ]);
  if (!record) return undefined;
  const [notification] = notificationViews(
    await hydrateNotifications(deps, input.viewerId, [record], readAt),
  );
  return notification && { notification, unreadCount };
}

/** The unread notifications of every kind the viewer is shown, as Sync's bell counts them (no cap). */
export function unreadShown(deps: Deps, viewerId: string): Promise<number> {
  return countShownUnread(deps, viewerId, 'every unread');
}
