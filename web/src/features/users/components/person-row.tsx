import type { FollowViewer, UserSummary } from '@sync/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { FollowsYou } from './follow-button';

/**
 * A person in a list: picture, name (the link to their profile), "Follows you" when they do, a line
 * about them and an action.
 */
export function PersonRow({
  user,
  detail,
  action,
}: {
  user: UserSummary & { viewer?: FollowViewer };
  detail?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3">
      <Avatar user={user} />
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          <Link
            to={`/profile/${user.username}`}
            className="truncate text-sm font-semibold text-zinc-900 hover:underline focus-ring dark:text-zinc-50"
          >
            {user.firstName} {user.lastName}
          </Link>
          <FollowsYou user={user} />
        </div>
        <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{detail || `@${user.username}`}</p>
      </div>
      {action}
    </div>
  );
}
