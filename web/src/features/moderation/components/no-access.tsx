import { ShieldOff } from 'lucide-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { linkClass } from './parts';
import { strings } from './strings';

/** What a person who is not staff sees at /moderation: why not, and the way back. */
export function NoModerationAccess() {
  usePageTitle(strings.area);
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-16 text-center">
      <ShieldOff className="size-10 text-zinc-500 dark:text-zinc-400" aria-hidden="true" />
      <h1 className="text-xl font-bold text-zinc-900 dark:text-zinc-50">{strings.noAccess.title}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{strings.noAccess.text}</p>
      <Link to="/" className={`text-sm ${linkClass}`}>
        {strings.noAccess.home}
      </Link>
    </div>
  );
}
