import type { Notification } from '@sync/contract';
import { commentPath, postPath } from '../../../entities/posts';

const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`;

/** What people did; the server's own notices (about a report, a moderator's action) have no actors. */
const actions: Record<Exclude<Notification['type'], ServerNotice>, string> = {
  like: 'liked your post',
  comment: 'commented on your post',
  mention: 'mentioned you',
  follow: 'followed you',
  upvote: 'upvoted your comment',
  repost: 'reposted your post',
  quote: 'quoted your post',
  update: 'edited a post you interacted with',
};

/** What the server tells without naming who (a quoted post's edit says itself, the post is the quote). */
type ServerNotice = 'report_resolved' | 'moderation_warning' | 'quoted_update' | 'new_report';

const moderationActions: Record<NonNullable<Notification['moderationWarning']>['action'], string> = {
  warn: 'A moderator sent you a warning',
  limit: 'A moderator limited your account',
  suspend: 'A moderator suspended your account',
};

const until = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A notice from the moderators: what they did, until when, and what they wrote. */
function moderationText(warning: Notification['moderationWarning']): string {
  if (!warning) return 'A moderator sent you a warning';
  const ends =
    warning.endsAt && warning.action !== 'warn' ? ` until ${until.format(new Date(warning.endsAt))}` : '';
  const text = warning.text.trim();
  return `${moderationActions[warning.action]}${ends}${text ? `: ${text}` : ''}`;
}

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
  if (notification.type === 'report_resolved') {
    const target = notification.report?.target.username;
    return target ? `Your report about @${target} was resolved` : 'Your report was resolved';
  }
  if (notification.type === 'new_report') {
    const target = notification.newReport?.target.username;
    return target ? `New report about @${target}` : 'New report';
  }
  if (notification.type === 'moderation_warning') return moderationText(notification.moderationWarning);
  if (notification.type === 'quoted_update') return 'A post you quoted was edited';
  const where = notification.type === 'mention' && notification.comment ? ' in a comment' : '';
  return `${actorsText(notification)} ${actions[notification.type]}${where}`;
}

/**
 * Where the entry leads: the comment or post it is about, the new follower's profile, or (to staff) the
 * report filed in the moderation area; the moderators' notices lead nowhere (null): they say all there is.
 */
export function notificationPath(notification: Notification): string | null {
  if (notification.type === 'report_resolved' || notification.type === 'moderation_warning') return null;
  if (notification.type === 'new_report')
    return notification.newReport
      ? `/moderation/reports/${notification.newReport.id}`
      : '/moderation/reports';
  const [actor] = notification.actors;
  if (notification.type === 'follow' || !notification.post) return actor ? `/profile/${actor.username}` : '/';
  return notification.comment
    ? commentPath(notification.post._id, notification.comment._id)
    : postPath(notification.post._id);
}

/** The words the entry quotes: the comment for comments, mentions in comments and upvotes, else the post. */
export function notificationQuote(notification: Notification): string | undefined {
  return notification.comment?.text ?? notification.post?.content;
}
