import * as instance from '../../data/instance.repo.js';
import * as reports from '../../data/reports.repo.js';
import type { ReportItemRecord, ReportMediaRecord, ReportRecord } from '../../data/reports.repo.js';
import * as users from '../../data/users.repo.js';
import { groupBy } from '../../platform/db/chunks.js';
import type { AccountRecord } from './accounts.js';
import type { ShownImage } from './media.js';
import type { ReadContext } from './context.js';

/**
 * Reports with what their views show: the items as they were reported (with their images, for the
 * moderators' views), the rules they cite (retired ones too), the people they name (reporter, reported
 * account, assigned and resolving moderators) and, for the moderators' queue, how many reports name
 * each reported account. A fixed number of queries whatever the number of reports.
 */
export interface HydratedReports<Person> {
  records: ReportRecord[];
  items: Map<string, ReportItemRecord[]>;
  /** The images each report keeps, by report; those whose files were deleted since are gone. */
  media: Map<string, ReportMediaRecord[]>;
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
  const [items, media, rules, people, reportCounts] = await Promise.all([
    reports.itemsOf(db, dialect, ids),
    reports.mediaOf(db, dialect, ids),
    instance.rulesByIds(db, [...new Set(records.flatMap(reports.ruleIdsOf))]),
    options.people(peopleOf(records)),
    options.counts ? reports.reportCountsAbout(db, dialect, targets) : new Map<string, number>(),
  ]);
  return {
    records,
    items: groupBy(items, (item) => item.report_id),
    media: groupBy(media, (image) => image.report_id),
    rules: new Map(rules.map((rule) => [rule.id, rule])),
    people,
    reportCounts,
  };
}

/**
 * An image a report keeps, with its alt text and sizes as they were reported, its files served to the
 * staff under `reportsRoute` (`<reportsRoute>/<report>/media/<image>[/preview]`): the public route
 * stops serving them once the post or the image is deleted.
 */
function keptImage(image: ReportMediaRecord, reportsRoute: string): ShownImage {
  const url = `${reportsRoute}/${image.report_id}/media/${image.media_id}`;
  return { record: { ...image, id: image.media_id }, url, previewUrl: `${url}/preview` };
}

/** The images a report keeps of one of its items. */
export const keptImagesOf = (
  hydrated: Pick<HydratedReports<unknown>, 'media'>,
  item: ReportItemRecord,
  reportsRoute: string,
): ShownImage[] =>
  (hydrated.media.get(item.report_id) ?? [])
    .filter((image) => image.post_id === item.post_id && image.comment_id === item.comment_id)
    .map((image) => keptImage(image, reportsRoute));

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
