import { NavLink } from 'react-router';
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
  const items = session ? sideNavItems(session.user.username, isStaff(session.user)) : visitorNavItems();
  return (
    <nav aria-label="Main">
      <ul className="flex flex-col gap-1">
        {items.map(({ to, label, icon: Icon, area }) => (
          <li key={label}>
            <NavLink to={to} end={!area} className={link} onClick={onNavigate}>
              <Icon className="size-5" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
