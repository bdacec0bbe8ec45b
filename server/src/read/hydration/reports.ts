import * as instance from '../../data/instance.repo.js';
import * as reports from '../../data/reports.repo.js';
import type { ReportItemRecord, ReportRecord } from '../../data/reports.repo.js';
import * as users from '../../data/users.repo.js';
import { groupBy } from '../../platform/db/chunks.js';
import type { AccountRecord } from './accounts.js';
import type { ReadContext } from './context.js';

/**
 * Reports with what their views show: the items as they were reported, the rules they cite (retired
 * ones too), the people they name (reporter, reported account, assigned and resolving moderators) and,
 * for the moderators' queue, how many reports name each reported account. A fixed number of queries
 * whatever the number of reports.
 */
export interface HydratedReports<Person> {
  records: ReportRecord[];
  items: Map<string, ReportItemRecord[]>;
  rules: Map<string, instance.RuleRow>;
  /** Anyone deleted meanwhile is missing. */
  people: Map<string, Person>;
  /** How many reports name each reported account (the queue only; empty for a reporter's own list). */
  reportCounts: Map<string, number>;
}

const peopleOf = (records: readonly ReportRecord[]) => [
  ...new Set(
    records.flatMap((report) =>
      [report.reporter_id, report.target_id, report.assigned_id, report.resolved_by].filter(
        (id): id is string => id !== null,
      ),
    ),
  ),
];

async function hydrate<Person>(
  { db, dialect }: ReadContext,
  records: ReportRecord[],
  options: { counts: boolean; people: (ids: string[]) => Promise<Map<string, Person>> },
): Promise<HydratedReports<Person>> {
  const ids = records.map((report) => report.id);
  const targets = [...new Set(records.map((report) => report.target_id))];
  const [items, rules, people, reportCounts] = await Promise.all([
    reports.itemsOf(db, dialect, ids),
    instance.rulesByIds(db, [...new Set(records.flatMap(reports.ruleIdsOf))]),
    options.people(peopleOf(records)),
    options.counts ? reports.reportCountsAbout(db, dialect, targets) : new Map<string, number>(),
  ]);
  return {
    records,
    items: groupBy(items, (item) => item.report_id),
    rules: new Map(rules.map((rule) => [rule.id, rule])),
    people,
    reportCounts,
  };
}

/** For Sync's views: the people as their rows. */
export function hydrateReports(
  context: ReadContext,
  records: ReportRecord[],
  options: { counts: boolean },
): Promise<HydratedReports<users.UserRow>> {
  return hydrate(context, records, {
    ...options,
    people: async (ids) =>
      new Map((await users.usersByIds(context.db, context.dialect, ids)).map((row) => [row.id, row])),
  });
}

/** For the Mastodon API's views: the people as accounts (with their statuses counts). */
export function hydrateReportAccounts(
  context: ReadContext,
  records: ReportRecord[],
  options: { counts: boolean },
): Promise<HydratedReports<AccountRecord>> {
  return hydrate(context, records, { ...options, people: (ids) => context.hydrator.accounts(ids) });
}
