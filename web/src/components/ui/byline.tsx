import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  name: string;
  username: string;
  /** The age, as a link to the post or as plain text. */
  age: ReactNode;
  /** What follows the age ("· Edited"). */
  children?: ReactNode;
};

/**
 * A post's or comment's first line, "name @username · age". Where the line is narrow (a phone) the age
 * goes under the name, so the name keeps its room; on the name's line the username gives way first,
 * and only a name wider than the whole line is cut short with an ellipsis. Either way no "·" is left
 * dangling at a line's end.
 */
export function Byline({ name, username, age, children }: Props) {
  return (
    <div className="@container min-w-0 flex-1 text-sm">
      <div className="flex flex-col @sm:flex-row @sm:items-baseline @sm:gap-x-1.5">
        <div className="flex min-w-0 items-baseline gap-x-1.5">
          {/* py-0.5: the name and time links are 24 px tall, WCAG 2.2's smallest touch target. */}
          <Link
            to={`/profile/${username}`}
            className="max-w-full shrink-0 truncate py-0.5 font-semibold text-zinc-900 hover:underline focus-ring dark:text-zinc-50"
          >
            {name}
          </Link>
          <span className="min-w-0 truncate text-zinc-600 dark:text-zinc-400">@{username}</span>
        </div>
        <div className="flex shrink-0 items-baseline gap-x-1.5">
          <span aria-hidden="true" className="hidden text-zinc-500 @sm:inline">
            ·
          </span>
          <span className="flex text-zinc-600 dark:text-zinc-400">{age}</span>
          {children}
        </div>
      </div>
    </div>
  );
}
