import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { useUnreadCount } from '../api/notifications';

/** The number as the badge shows it: a big one would not fit. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** The top bar's link to the notifications, with the unread count on it and in its name. */
export function NotificationBell({ className }: { className: string }) {
  const count = useUnreadCount();
  return (
    <Link
      to="/notifications"
      aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
      className={`relative ${className}`}
    >
      <Bell className="size-5" aria-hidden="true" />
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="unread-badge"
          className="absolute top-0.5 right-0.5 min-w-[1.125rem] rounded-full bg-red-700 px-1 text-center text-[11px] leading-[1.125rem] font-semibold text-white"
        >
          {badgeText(count)}
        </span>
      )}
    </Link>
  );
}
