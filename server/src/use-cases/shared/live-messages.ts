import type { NotifiedGroup } from '../../data/notifications.repo.js';
import type { EventPublisher } from '../../platform/live/messages.js';

/** The live messages the write use cases raise once their transaction has committed. */

/** Raises a `notification` message for each notification a change created or grew. */
export function publishNotified(events: EventPublisher, groups: readonly (NotifiedGroup | undefined)[]) {
  for (const group of groups) {
    if (group)
      events.publish({
        type: 'notification',
        userId: group.recipientId,
        notificationId: group.notificationId,
      });
  }
}

/** Raises the counts a post now has (after a like, dislike, new or deleted comment). */
export function publishCounts(
  events: EventPublisher,
  post: { id: string; like_count: number; comment_count: number; repost_count: number },
) {
  events.publish({
    type: 'counts',
    postId: post.id,
    likeCount: post.like_count,
    commentCount: post.comment_count,
    repostCount: post.repost_count,
  });
}
