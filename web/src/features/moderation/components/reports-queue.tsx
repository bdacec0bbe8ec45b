import type { AdminReport } from '@sync/contract';
import { Link, useSearchParams } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { EmptyState, ErrorState } from '../../../components/ui/error-state';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import { useReports } from '../api/moderation';

import { reportPath } from './history';
import { Badge } from './parts';
import { Age } from '../../../components/ui/age';
import { strings } from './strings';

const text = strings.reports;
type Tab = 'open' | 'resolved';

/** Who reported whom: the row's link to the report's page. */
export function reportTitle(report: AdminReport) {
  return report.reporter
    ? text.summary(report.reporter.username, report.target.username)
    : text.anonymousSummary(report.target.username);
}

/** A report in the queue: who reported whom, why, when, and who is on it. */
function ReportRow({ report }: { report: AdminReport }) {
  return (
    <div className="flex gap-3 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
      <Avatar user={report.target} />
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <Link
            to={reportPath(report.id)}
            className="rounded-sm text-[15px] font-semibold text-zinc-900 hover:underline focus-ring dark:text-zinc-50"
          >
            {reportTitle(report)}
          </Link>
          <span className="text-zinc-600 dark:text-zinc-400">
            <Age iso={report.createdAt} />
          </span>
        </p>
        <p className="flex flex-wrap items-center gap-1.5">
          <Badge tone={report.category === 'legal' ? 'red' : 'zinc'}>
            {strings.categories[report.category]}
          </Badge>
          {report.rules.length > 0 && (
            <span className="text-zinc-700 dark:text-zinc-300">
              {text.rulesCited} {report.rules.map((rule) => rule.text).join('; ')}
            </span>
          )}
        </p>
        {report.comment && (
          <p className="line-clamp-3 whitespace-pre-wrap break-words text-zinc-800 dark:text-zinc-200">
            {report.comment}
          </p>
        )}
        <p className="text-zinc-600 dark:text-zinc-400">
          {report.assignedTo ? text.assignedTo(report.assignedTo.username) : text.unassigned}
          {report.items.length > 0 && <> · {text.items(report.items.length)}</>}
          {report.resolvedAt && (
            <>
              {' · '}
              {report.resolvedBy ? text.resolvedBy(report.resolvedBy.username) : text.resolvedPlain}{' '}
              <Age iso={report.resolvedAt} />
            </>
          )}
        </p>
      </div>
    </div>
  );
}

function ReportList({ tab }: { tab: Tab }) {
  const query = useReports(tab === 'resolved');
  const label = text.listLabel(tab === 'open' ? text.open : text.resolved);
  if (query.isPending) return <ListSkeleton label={strings.loading(label)} />;
  if (query.isError && !query.data) {
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const reports = query.data.pages.flatMap((page) => page.reports);
  if (reports.length === 0)
    return <EmptyState>{tab === 'open' ? text.emptyOpen : text.emptyResolved}</EmptyState>;
  return (
    <InfiniteList
      label={label}
      items={reports}
      getKey={(report) => report.id}
      renderItem={(report) => <ReportRow report={report} />}
      paging={query}
    />
  );
}

/** The reports queue: open ones first, the resolved ones a tab away (kept in the address, for Back). */
export function ReportsQueue() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('resolved') === 'true' ? 'resolved' : 'open';
  return (
    <Tabs
      label={text.tabsLabel}
      idPrefix="reports"
      tabs={[
        { value: 'open', label: text.open },
        { value: 'resolved', label: text.resolved },
      ]}
      selected={tab}
      onSelect={(value) => setParams(value === 'resolved' ? { resolved: 'true' } : {}, { replace: true })}
    >
      <ReportList tab={tab} />
    </Tabs>
  );
}
