import type { Notification, NotificationListFilter, UserSummary } from '@sync/contract';
import {
  AtSign,
  Flag,
  Heart,
  MessageCircle,
  ArrowBigUp,
  Pencil,
  Quote,
  Repeat2,
  ShieldAlert,
  ShieldCheck,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { EmptyState, ErrorState } from '../../../components/ui/error-state';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { Age } from '../../../components/ui/age';
import { useMarkAllRead, useNotifications } from '../api/notifications';
import { notificationPath, notificationQuote, notificationText } from './notification-text';
import { notificationStrings as t } from './strings';

/**
 * A follow button, from the users feature (composed by the app): `label` while not following, then
 * the follow state the app shows everywhere.
 */
export type FollowBackButton = (actor: UserSummary, following: boolean, label: string) => ReactNode;

const icons: Record<Notification['type'], LucideIcon> = {
  like: Heart,
  comment: MessageCircle,
  mention: AtSign,
  follow: UserPlus,
  upvote: ArrowBigUp,
  report_resolved: ShieldCheck,
  moderation_warning: ShieldAlert,
  repost: Repeat2,
  quote: Quote,
  update: Pencil,
  quoted_update: Pencil,
  new_report: Flag,
};

/**
 * One grouped entry, a link to what it is about (the moderators' notices, which say all there is, are
 * no link). Unread ones say so in words (a "New" badge, and "Unread:" for screen readers), with a
 * tinted background and a bar at the side besides. A follow entry offers "Follow back" beside the link
 * for each of its people the viewer did not follow when it was shown; pressed, it shows the follow
 * state, so it can be taken back from there.
 */
function NotificationEntry({
  notification,
  followBack,
}: {
  notification: Notification;
  followBack: FollowBackButton | undefined;
}) {
  const Icon = icons[notification.type];
  const quote = notificationQuote(notification);
  const unread = !notification.read;
  const path = notificationPath(notification);
  const followed = notification.followedActorIds;
  const [offered] = useState(() =>
    followed ? notification.actors.filter((actor) => !followed.includes(actor._id)) : [],
  );
  const className = `flex border-b border-l-4 border-b-zinc-200 dark:border-b-zinc-800 ${
    unread
      ? 'border-l-teal-700 bg-teal-50/60 dark:border-l-teal-400 dark:bg-teal-950/30'
      : 'border-l-transparent'
  }`;
  const contentClass = 'flex min-w-0 flex-1 gap-3 px-4 py-3';
  const content = (
    <>
      <Icon className="mt-1 size-5 shrink-0 text-teal-700 dark:text-teal-400" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <div className="flex -space-x-2" aria-hidden="true">
          {notification.actors.map((actor) => (
            <Avatar key={actor._id} user={actor} size="sm" />
          ))}
        </div>
        <p className="mt-1.5 text-[15px] text-zinc-900 dark:text-zinc-100">
          {unread && (
            <>
              <span className="sr-only">Unread: </span>
              <span
                aria-hidden="true"
                className="mr-2 rounded-full bg-teal-700 px-1.5 py-0.5 align-[1px] text-xs font-semibold text-white dark:bg-teal-400 dark:text-zinc-950"
              >
                New
              </span>
            </>
          )}
          <span className={unread ? 'font-semibold' : undefined}>{notificationText(notification)}</span>
          <span className="text-zinc-600 dark:text-zinc-400">
            {' · '}
            <Age iso={notification.createdAt} />
          </span>
        </p>
        {quote && (
          <p className="mt-1 line-clamp-2 text-sm break-words text-zinc-600 dark:text-zinc-400">{quote}</p>
        )}
      </div>
    </>
  );
  const actions = followBack && offered.length > 0 && (
    <div className="flex shrink-0 flex-col items-end justify-center gap-1.5 py-3 pr-4">
      {offered.map((actor) => (
        <div key={actor._id}>{followBack(actor, !!followed?.includes(actor._id), t.followBack)}</div>
      ))}
    </div>
  );
  return (
    <div className={className}>
      {path ? (
        <Link
          to={path}
          className={`${contentClass} transition-colors focus-ring-inset hover:bg-zinc-50 dark:hover:bg-zinc-900/60`}
        >
          {content}
        </Link>
      ) : (
        <div className={contentClass}>{content}</div>
      )}
      {actions}
    </div>
  );
}

/**
 * The grouped notifications of one filter, newest first. Once All's first page is on screen, all of
 * it is read; Mentions marks nothing (the read marker is one time for every kind, and the likes and
 * follows since were not shown).
 */
export function NotificationList({
  filter,
  followBack,
}: {
  filter: NotificationListFilter;
  followBack?: FollowBackButton;
}) {
  const query = useNotifications(filter);
  const { mutate: markAllRead } = useMarkAllRead();
  const marked = useRef(false);
  // A fresh answer, not a cached one still being refreshed: its flags are the ones to show.
  const shown = query.isSuccess && !query.isFetching;

  useEffect(() => {
    if (!shown || marked.current || filter !== 'all') return;
    marked.current = true;
    markAllRead();
  }, [shown, markAllRead, filter]);

  if (query.isPending) return <ListSkeleton label="Loading notifications" />;
  if (query.isError && !query.data) {
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const notifications = query.data.pages.flatMap((page) => page.notifications);
  if (notifications.length === 0) {
    if (filter === 'mentions') return <EmptyState>{t.noMentions}</EmptyState>;
    return (
      <EmptyState>
        No notifications yet. When someone likes, comments on or mentions your posts, or follows you, it shows
        here.
      </EmptyState>
    );
  }
  return (
    <InfiniteList
      label="Notifications"
      items={notifications}
      getKey={(notification) => notification._id}
      renderItem={(notification) => <NotificationEntry notification={notification} followBack={followBack} />}
      paging={query}
    />
  );
}
