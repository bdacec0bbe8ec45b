import { Link } from 'react-router';
import type { AdminReport, ModerationAction } from '@sync/contract';
import { Badge, linkClass } from './parts';
import { Age } from '../../../components/ui/age';
import { exactDate } from '../../../lib/relative-time';
import { strings } from './strings';

/** What moderators did to the account, newest first: who, when, for how long, and what they wrote. */
export function ActionHistory({ actions }: { actions: ModerationAction[] }) {
  if (actions.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">{strings.history.empty}</p>;
  }
  return (
    <ol className="flex flex-col gap-3" aria-label={strings.history.heading}>
      {actions.map((action) => (
        <li key={action.id} className="rounded-xl border border-zinc-200 p-3 text-sm dark:border-zinc-800">
          <p>
            <span className="font-semibold">{strings.history.names[action.type]}</span>{' '}
            <span className="text-zinc-600 dark:text-zinc-400">
              {action.moderator && <>{strings.history.by(action.moderator.username)} · </>}
              <Age iso={action.createdAt} />
              {action.endsAt && <> · {strings.history.until(exactDate(action.endsAt))}</>}
            </span>
          </p>
          {action.text && <p className="mt-1 whitespace-pre-wrap break-words">{action.text}</p>}
        </li>
      ))}
    </ol>
  );
}

export const reportPath = (id: string) => `/moderation/reports/${encodeURIComponent(id)}`;

/** Reports about an account, each a link to its page. */
export function ReportLinks({ reports, empty }: { reports: AdminReport[]; empty: string }) {
  if (reports.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{empty}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {reports.map((report) => (
        <li key={report.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <Link to={reportPath(report.id)} className={linkClass}>
            {report.reporter
              ? strings.reports.summary(report.reporter.username, report.target.username)
              : strings.reports.anonymousSummary(report.target.username)}
          </Link>
          <Badge>{strings.categories[report.category]}</Badge>
          {report.resolvedAt && <Badge tone="teal">{strings.reports.resolved}</Badge>}
          <span className="text-zinc-600 dark:text-zinc-400">
            <Age iso={report.createdAt} />
          </span>
        </li>
      ))}
    </ul>
  );
}
