import {
  Limits,
  type LiveNotificationData,
  type NotificationsReply,
  type UnreadCountReply,
} from '@sync/contract';
import * as comments from '../data/comments.repo.js';
import { groupBy } from '../platform/db/chunks.js';
import type { Deps } from './shared/deps.js';
import type { PageQuery } from '../platform/http/pagination.js';
import * as posts from '../data/posts.repo.js';
import type { JsonText } from '../read/views/json-text.js';
import { notificationsPage, notificationViews, type HydratedNotifications } from '../read/views/sync/notifications.js';
import * as notifications from '../data/notifications.repo.js';

const distinct = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];

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

/**
 * Hydrates notification records: actors, posts and comments in batches (posts through the post
 * cache), so a page costs the same number of queries whatever its size.
 */
async function hydrateNotifications(
  deps: Deps,
  viewerId: string,
  items: notifications.NotificationRecord[],
  readAt: string,
): Promise<HydratedNotifications> {
  const { db, dialect, hydrator } = deps;
  const [actors, postRecords, commentRecords] = await Promise.all([
    notifications.newestActors(
      db,
      dialect,
      items.map((item) => item.id),
      Limits.previewSize,
    ),
    posts.postsByIds(db, dialect, distinct(items.map((item) => item.post_id))),
    comments.commentsByIds(db, dialect, distinct(items.map((item) => item.comment_id))),
  ]);
  const [hydratedPosts, hydratedComments] = await Promise.all([
    hydrator.posts(postRecords, 'preview'),
    hydrator.comments(commentRecords),
  ]);
  const shown = { posts: hydratedPosts, comments: hydratedComments };
  const page = await hydrator.peopleAndMarks(
    shown,
    viewerId,
    actors.map((actor) => actor.actor_id),
  );
  const actorsOf = groupBy(actors, (actor) => actor.notification_id);
  return {
    records: items,
    actors: new Map([...actorsOf].map(([id, rows]) => [id, rows.map((row) => row.actor_id)])),
    posts: new Map(hydratedPosts.map((post) => [post.record.id, post])),
    comments: new Map(hydratedComments.map((comment) => [comment.record.id, comment])),
    page,
    viewerId,
    readAt,
  };
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
