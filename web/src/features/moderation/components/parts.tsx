import type { AccountRestriction, AdminAccount, UserSummary } from '@sync/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { exactDate } from '../../../lib/relative-time';
import { strings } from './strings';

export const accountPath = (username: string) => `/moderation/accounts/${encodeURIComponent(username)}`;

export const linkClass =
  'font-semibold text-teal-700 hover:underline focus-ring dark:text-teal-400 rounded-sm';

/** A person: picture, name and @username, the name linking to their page in the moderation area. */
export function AccountLine({ user, detail }: { user: UserSummary; detail?: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar user={user} size="sm" />
      <div className="min-w-0">
        <Link to={accountPath(user.username)} className={`block truncate ${linkClass}`}>
          {user.firstName} {user.lastName}
        </Link>
        <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">
          @{user.username}
          {detail && <> · {detail}</>}
        </p>
      </div>
    </div>
  );
}

const tones = {
  red: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  teal: 'bg-teal-100 text-teal-900 dark:bg-teal-950 dark:text-teal-200',
  zinc: 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200',
} as const;

export function Badge({ tone = 'zinc', children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}

const until = (label: string, { endsAt }: AccountRestriction) =>
  endsAt ? strings.statusUntil(label, exactDate(endsAt)) : label;

/** What state the account is in: suspended, limited, waiting, staff (several may hold at once). */
export function AccountBadges({ account }: { account: AdminAccount }) {
  const { status, roles } = strings;
  if (!account.suspension && !account.limit && !account.pending && account.role === 'user') return null;
  return (
    <span className="flex flex-wrap gap-1.5">
      {account.suspension && <Badge tone="red">{until(status.suspended, account.suspension)}</Badge>}
      {account.limit && <Badge tone="amber">{until(status.limited, account.limit)}</Badge>}
      {account.pending && <Badge tone="amber">{status.pending}</Badge>}
      {account.role !== 'user' && <Badge tone="teal">{roles[account.role]}</Badge>}
    </span>
  );
}

/** A titled part of a page: its h2 and what it holds. */
export function Part({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 border-b border-zinc-200 px-4 py-5 dark:border-zinc-800"
    >
      <h2 id={id} className="text-base font-bold text-zinc-900 dark:text-zinc-50">
        {title}
      </h2>
      {intro && <p className="text-sm text-zinc-600 dark:text-zinc-400">{intro}</p>}
      {children}
    </section>
  );
}

/** A line of label and value in a summary (a <dl>'s pair). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="shrink-0 text-sm font-medium text-zinc-600 sm:w-40 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}
