import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { useUnreadCount } from '../api/notifications';

/** The number as the badge shows it: a big one would not fit. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** The bell's name: the count is said in it, the badge is only seen. */
const bellLabel = (count: number) => (count > 0 ? `Notifications, ${count} unread` : 'Notifications');

/** The unread count over a bell icon (the link it is in says it in words); nothing when there is none. */
export function UnreadBadge({ count, className }: { count: number; className: string }) {
  if (count === 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="unread-badge"
      className={`absolute min-w-[1.125rem] rounded-full bg-red-700 px-1 text-center text-[11px] leading-[1.125rem] font-semibold text-white ${className}`}
    >
      {badgeText(count)}
    </span>
  );
}

/** The top bar's link to the notifications, with the unread count on it and in its name. */
export function NotificationBell({ className }: { className: string }) {
  const count = useUnreadCount();
  return (
    <Link to="/notifications" aria-label={bellLabel(count)} className={`relative ${className}`}>
      <Bell className="size-5" aria-hidden="true" />
      <UnreadBadge count={count} className="top-0.5 right-0.5" />
    </Link>
  );
}
