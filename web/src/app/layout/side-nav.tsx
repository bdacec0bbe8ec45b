import { NavLink } from 'react-router';
import { useOpenReportCount } from '../../entities/reports';
import { UnreadBadge } from '../../features/notifications';
import { isStaff, useSession } from '../../lib/session';
import { sideNavItems, visitorNavItems } from './nav-items';

const link = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-full px-4 py-2.5 text-[15px] transition-colors focus-ring ${
    isActive
      ? 'bg-teal-50 font-semibold text-teal-800 dark:bg-teal-950/60 dark:text-teal-300'
      : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800'
  }`;

export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession();
  const staff = session ? isStaff(session.user) : false;
  const items = session ? sideNavItems(session.user.username, staff) : visitorNavItems();
  const openReports = useOpenReportCount(staff);
  return (
    <nav aria-label="Main">
      <ul className="flex flex-col gap-1">
        {items.map(({ to, label, icon: Icon, area }) => (
          <li key={label}>
            <NavLink to={to} end={!area} className={link} onClick={onNavigate}>
              <span className="relative">
                <Icon className="size-5" aria-hidden="true" />
                {to === '/moderation' && <UnreadBadge count={openReports} className="-top-1.5 left-3" />}
              </span>
              {/* The name starts with the word shown, and says the count the badge shows. */}
              <span>
                {label}
                {to === '/moderation' && openReports > 0 && (
                  <span className="sr-only">{` ${openReports} open ${openReports === 1 ? 'report' : 'reports'}`}</span>
                )}
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
