import type { Notification } from '@sync/contract';

const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`;

const actions: Record<Notification['type'], string> = {
  like: 'liked your post',
  comment: 'commented on your post',
  mention: 'mentioned you',
  follow: 'followed you',
  upvote: 'upvoted your comment',
  report_resolved: 'resolved your report',
};

/** Who, grouped: "Ada Lovelace", "Ada Lovelace and Alan Turing", "Ada Lovelace and 3 others". */
export function actorsText(notification: Pick<Notification, 'actors' | 'actorCount'>): string {
  const [first, second] = notification.actors;
  if (!first) return 'Someone';
  const others = Math.max(notification.actorCount, notification.actors.length) - 1;
  if (others === 0) return fullName(first);
  if (others === 1 && second) return `${fullName(first)} and ${fullName(second)}`;
  return `${fullName(first)} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/** The entry's sentence: "Ada Lovelace and 3 others liked your post". */
export function notificationText(notification: Notification): string {
  const where = notification.type === 'mention' && notification.comment ? ' in a comment' : '';
  return `${actorsText(notification)} ${actions[notification.type]}${where}`;
}

/** Where the entry leads: the post it is about, or the new follower's profile. */
export function notificationPath(notification: Notification): string {
  const [actor] = notification.actors;
  if (notification.type === 'follow' || !notification.post) return actor ? `/profile/${actor.username}` : '/';
  return `/post/${notification.post._id}`;
}

/** The words the entry quotes: the comment for comments, mentions in comments and upvotes, else the post. */
export function notificationQuote(notification: Notification): string | undefined {
  return notification.comment?.text ?? notification.post?.content;
}
