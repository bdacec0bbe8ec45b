import { type NotificationsReply, type UnreadCountReply } from '@sync/contract';
import type { Deps } from './shared/deps.js';
import type { PageQuery } from '../platform/http/pagination.js';
import type { JsonText } from '../read/views/json-text.js';
import { hydrateNotifications } from '../read/hydration/notifications.js';
import { notificationsPage } from '../read/views/sync/notifications.js';
import * as notifications from '../data/notifications.repo.js';

/** `GET /notifications`: newest cause first. The skeleton is one keyset range of the recipient's index. */
export async function listNotifications(
  deps: Deps,
  input: { viewerId: string; query: PageQuery },
): Promise<JsonText<NotificationsReply>> {
  const { db } = deps;
  const kind = { ...notifications.newestNotifications, scope: `notifications:${input.viewerId}` };
  const [{ items, nextCursor }, readAt] = await Promise.all([
    deps.cursors.pageOrFirst(
      kind,
      input.query,
      (after, limit) => notifications.notificationPage(db, input.viewerId, after, limit),
      (row) => [row.latest_at, row.id],
    ),
    notifications.readMarker(db, input.viewerId),
  ]);
  return notificationsPage(await hydrateNotifications(deps, input.viewerId, items, readAt), nextCursor);
}

/** `GET /notifications/unread` */
export async function countUnread(deps: Deps, input: { viewerId: string }): Promise<UnreadCountReply> {
  return { count: await notifications.unreadCount(deps.db, input.viewerId) };
}

/** `POST /notifications/read`: everything so far is read; a later cause makes its entry unread again. */
export async function markAllRead(deps: Deps, input: { viewerId: string }): Promise<UnreadCountReply> {
  await notifications.markAllRead(deps.db, input.viewerId, deps.clock.now().toISOString());
  return { count: 0 };
}
