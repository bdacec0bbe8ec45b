import { NavLink } from 'react-router';
import { useMe } from '../../../lib/session';
import { sectionsFor } from '../api/access';
import { strings } from './strings';

const link = ({ isActive }: { isActive: boolean }) =>
  `inline-flex h-8 items-center rounded-full px-3 text-sm whitespace-nowrap transition-colors focus-ring ${
    isActive
      ? 'bg-teal-700 font-semibold text-white dark:bg-teal-400 dark:text-zinc-950'
      : 'bg-zinc-100 text-zinc-800 hover:bg-zinc-200 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700'
  }`;

/** The area's sections the person's role allows, a report's or an account's page under its list's. */
export function ModerationSections() {
  const me = useMe();
  return (
    <nav
      aria-label={strings.sectionsLabel}
      className="border-b border-zinc-200 px-4 py-3 dark:border-zinc-800"
    >
      <ul className="flex flex-wrap gap-2">
        {sectionsFor(me).map(({ path }) => (
          <li key={path}>
            <NavLink to={`/moderation/${path}`} className={link}>
              {strings.sections[path]}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
