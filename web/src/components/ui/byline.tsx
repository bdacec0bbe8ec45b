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
 * A post's or comment's first line, "name @username · age", kept on one line: a long name or username
 * is cut short with an ellipsis, so a phone never wraps it and leaves the "·" dangling at a line's end.
 */
export function Byline({ name, username, age, children }: Props) {
  return (
    <div className="flex min-w-0 flex-1 items-baseline gap-x-1.5 text-sm">
      {/* py-0.5: the name and time links are 24 px tall, WCAG 2.2's smallest touch target. */}
      <Link
        to={`/profile/${username}`}
        className="truncate py-0.5 font-semibold text-zinc-900 hover:underline focus-ring dark:text-zinc-50"
      >
        {name}
      </Link>
      <span className="truncate text-zinc-600 dark:text-zinc-400">@{username}</span>
      <span aria-hidden="true" className="shrink-0 text-zinc-500">
        ·
      </span>
      <span className="flex shrink-0 text-zinc-600 dark:text-zinc-400">{age}</span>
      {children}
    </div>
  );
}
