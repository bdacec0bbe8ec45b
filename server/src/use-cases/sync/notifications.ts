import {
  type NotificationListFilter,
  type NotificationsQuery,
  type NotificationsReply,
  type UnreadCountReply,
} from '@sync/contract';
import type { Deps } from '../shared/deps.js';
import type { JsonText } from '../../read/views/json-text.js';
import { notificationsPage } from '../../read/views/sync/notifications.js';
import * as notifications from '../../data/notifications.repo.js';
import { hydrateNotifications, shownNotifications } from '../../read/hydration/notifications.js';
import { unreadShown } from './notification-answers.js';

/** The kinds each of the list's filters selects: a reply to you is among your mentions, as on Mastodon. */
const kindsOfFilter: Record<NotificationListFilter, notifications.NotificationFilter> = {
  all: {},
  mentions: { kinds: ['mention', 'comment'] },
};

/**
 * `GET /notifications`: newest cause first, every kind or one `filter`'s. The skeleton is one keyset
 * range of the recipient's index, narrowed in its own query to the filter and to what the viewer's
 * notification settings let through; a page that loses notifications to the viewer's other rules is
 * refilled (`shownNotifications`). A cursor belongs to its filter's list.
 */
export async function listNotifications(
  deps: Deps,
  input: { viewerId: string; query: NotificationsQuery },
): Promise<JsonText<NotificationsReply>> {
  const { db } = deps;
  const listed = input.query.filter ?? 'all';
  const rules = await deps.hydrator.rules(input.viewerId);
  const filter = rules.notificationFilter(kindsOfFilter[listed]);
  const kind = { ...notifications.newestNotifications, scope: `notifications:${listed}:${input.viewerId}` };
  const [{ items, nextCursor }, readAt] = await Promise.all([
    deps.cursors.pageOrFirst(
      kind,
      input.query,
      (after, limit) => notifications.notificationPage(db, input.viewerId, after, limit, filter),
      (row) => [row.latest_at, row.id],
      (rows) => shownNotifications(deps, input.viewerId, rows),
    ),
    notifications.readMarker(db, input.viewerId),
  ]);
  return notificationsPage(await hydrateNotifications(deps, input.viewerId, items, readAt), nextCursor);
}

/**
 * `GET /notifications/unread`: the unread notifications the viewer is shown (`countShownUnread`: past
 * the newest few hundred, as stored).
 */
export async function countUnread(deps: Deps, input: { viewerId: string }): Promise<UnreadCountReply> {
  return { count: await unreadShown(deps, input.viewerId) };
}

/** `POST /notifications/read`: everything so far is read; a later cause makes its entry unread again. */
export async function markAllRead(deps: Deps, input: { viewerId: string }): Promise<UnreadCountReply> {
  await notifications.markAllRead(deps.db, input.viewerId, deps.clock.now().toISOString());
  return { count: 0 };
}
