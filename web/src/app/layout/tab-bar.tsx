import { NavLink } from 'react-router';
import { UnreadBadge, useUnreadCount } from '../../features/notifications';
import { useMe } from '../../lib/session';
import { tabBarItems } from './nav-items';

const tab = ({ isActive }: { isActive: boolean }) =>
  `flex flex-1 flex-col items-center justify-center gap-0.5 py-1.5 text-xs focus-ring-inset ${
    isActive ? 'font-semibold text-teal-800 dark:text-teal-300' : 'text-zinc-700 dark:text-zinc-300'
  }`;

/** Below the md breakpoint: the main screens one thumb away; the Notifications tab is the phone's bell. */
export function TabBar() {
  const me = useMe();
  const unread = useUnreadCount();
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-20 border-t border-zinc-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden dark:border-zinc-800 dark:bg-zinc-950"
    >
      <ul className="flex h-14">
        {tabBarItems(me.username).map(({ to, label, icon: Icon }) => {
          const bell = to === '/notifications';
          return (
            <li key={label} className="flex flex-1">
              <NavLink to={to} end className={tab}>
                <span className="relative">
                  <Icon className="size-6" aria-hidden="true" />
                  {bell && <UnreadBadge count={unread} className="-top-1.5 left-3.5" />}
                </span>
                {/* The name starts with the word shown, and says the count the badge shows. */}
                <span>
                  {label}
                  {bell && unread > 0 && <span className="sr-only">{` ${unread} unread`}</span>}
                </span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
