import type { Notification } from '@sync/contract';
import type { HydratedComment, HydratedPage, HydratedPost } from '../hydration/hydrator.js';
import type { NotificationRecord } from '../notifications/notifications.repo.js';
import { commentView } from './comments.js';
import { previewPostViews } from './posts.js';
import { summariesOf } from './summaries.js';

export interface HydratedNotifications {
  records: NotificationRecord[];
  /** The newest actors of each notification, newest first. */
  actors: Map<string, string[]>;
  posts: Map<string, HydratedPost>;
  comments: Map<string, HydratedComment>;
  /** The people, and the viewer's marks, of everything shown. */
  page: Omit<HydratedPage, 'posts'>;
  viewerId: string;
  /** When the viewer last marked their notifications as read. */
  readAt: string;
}

/**
 * The notifications as the contract shows them. One whose post, comment or every actor is gone
 * (deleted meanwhile) is left out rather than shown half.
 */
export function notificationViews(hydrated: HydratedNotifications): Notification[] {
  const { page, viewerId } = hydrated;
  const viewer = page.marks ? { id: viewerId, votes: page.marks.votes } : undefined;
  return hydrated.records.flatMap((record) => {
    const actors = summariesOf(hydrated.actors.get(record.id) ?? [], page.users);
    if (actors.length === 0) return [];
    const notification: Notification = {
      _id: record.id,
      type: record.type,
      actors,
      actorCount: record.actor_count,
      createdAt: record.latest_at,
      read: record.latest_at <= hydrated.readAt,
    };
    if (record.post_id !== null) {
      const post = hydrated.posts.get(record.post_id);
      const [view] = post ? previewPostViews({ ...page, posts: [post] }, viewerId) : [];
      if (!view) return [];
      notification.post = view;
    }
    if (record.comment_id !== null) {
      const comment = hydrated.comments.get(record.comment_id);
      const view = comment && commentView(comment, { people: page.users, viewer });
      if (!view) return [];
      notification.comment = view;
    }
    return [notification];
  });
}
