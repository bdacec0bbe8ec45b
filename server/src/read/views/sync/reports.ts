import type {
  AdminReport,
  AdminReportedItem,
  CitedRule,
  Report,
  ReportedAccount,
  ReportedItem,
} from '@sync/contract';
import type { ReportItemRecord, ReportRecord } from '../../../data/reports.repo.js';
import { ruleIdsOf } from '../../../data/reports.repo.js';
import type { UserRow } from '../../../data/users.repo.js';
import { keptImagesOf, type HydratedReports } from '../../hydration/reports.js';
import { mediaView } from './media.js';
import { userSummary } from './summaries.js';

/** Reports as Sync's API shows them: to the person who filed them, and in the moderators' queue. */

const itemView = (item: ReportItemRecord): ReportedItem => ({
  postId: item.post_id,
  commentId: item.comment_id,
  content: item.content,
  postedAt: item.posted_at,
});

/** A reported item as moderators see it: with the images the report keeps of it. */
const adminItemView = (item: ReportItemRecord, hydrated: HydratedReports<UserRow>): AdminReportedItem => ({
  ...itemView(item),
  media: keptImagesOf(hydrated, item, '/api/admin/reports').map(mediaView),
});

/** What both views show of a report, but its items. */
function reportFields(report: ReportRecord, hydrated: HydratedReports<UserRow>) {
  return {
    id: report.id,
    category: report.category,
    comment: report.comment,
    rules: ruleIdsOf(report).flatMap((id): CitedRule[] => {
      const rule = hydrated.rules.get(id);
      return rule ? [{ id: rule.id, text: rule.text }] : [];
    }),
    state: report.resolved_at === null ? ('open' as const) : ('resolved' as const),
    createdAt: report.created_at,
    resolvedAt: report.resolved_at,
  };
}

/** The reports of a person's own list; one whose reported account is gone is left out. */
export function reportViews(hydrated: HydratedReports<UserRow>): Report[] {
  return hydrated.records.flatMap((report) => {
    const target = hydrated.people.get(report.target_id);
    if (!target) return [];
    const items = (hydrated.items.get(report.id) ?? []).map(itemView);
    return [{ ...reportFields(report, hydrated), items, target: userSummary(target) }];
  });
}

const reportedAccount = (row: UserRow): ReportedAccount => ({
  ...userSummary(row),
  createdAt: row.created_at,
  suspendedAt: row.suspended_at,
  limitedAt: row.limited_at,
});

/** The reports of the moderators' queue; one whose reported account is gone is left out. */
export function adminReportViews(hydrated: HydratedReports<UserRow>): AdminReport[] {
  const person = (id: string | null) => {
    const row = id === null ? undefined : hydrated.people.get(id);
    return row ? userSummary(row) : null;
  };
  return hydrated.records.flatMap((report) => {
    const target = hydrated.people.get(report.target_id);
    if (!target) return [];
    return [
      {
        ...reportFields(report, hydrated),
        items: (hydrated.items.get(report.id) ?? []).map((item) => adminItemView(item, hydrated)),
        updatedAt: report.updated_at,
        reporter: person(report.reporter_id),
        target: reportedAccount(target),
        assignedTo: person(report.assigned_id),
        resolvedBy: person(report.resolved_by),
        targetOtherReports: Math.max((hydrated.reportCounts.get(report.target_id) ?? 1) - 1, 0),
      },
    ];
  });
}
