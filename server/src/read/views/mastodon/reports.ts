import { hashtagsOf } from '@sync/contract';
import type { ReportItemRecord, ReportRecord } from '../../../data/reports.repo.js';
import { ruleIdsOf } from '../../../data/reports.repo.js';
import type { AccountRecord } from '../../hydration/accounts.js';
import type { HydratedReports } from '../../hydration/reports.js';
import { accountView } from './accounts.js';
import { adminAccountView } from './admin.js';
import type { Account, AdminReport, Report, Rule, Status } from './entities.js';
import { textToHtml } from './html.js';
import type { Urls } from './urls.js';
import { bareStatus } from './bare-status.js';

/**
 * Reports as the Mastodon API shows them (docs/decisions/070): a Report to the person who filed it, an
 * Admin::Report to moderators. A reported post or comment is a status id; a report is resolved when
 * Mastodon says an action was taken (`action_taken`).
 */

const statusIdOf = (item: ReportItemRecord) => item.comment_id ?? item.post_id;

type ReportFields = Pick<
  Report,
  'id' | 'action_taken' | 'action_taken_at' | 'category' | 'comment' | 'forwarded' | 'created_at'
>;

const common = (report: ReportRecord): ReportFields => ({
  id: report.id,
  action_taken: report.resolved_at !== null,
  action_taken_at: report.resolved_at,
  category: report.category,
  comment: report.comment,
  forwarded: false,
  created_at: report.created_at,
});

/** `POST /api/v1/reports`: undefined when the reported account is gone. */
export function reportView(
  hydrated: HydratedReports<AccountRecord>,
  report: ReportRecord,
  urls: Urls,
): Report | undefined {
  const target = hydrated.people.get(report.target_id);
  if (!target) return undefined;
  return {
    ...common(report),
    status_ids: (hydrated.items.get(report.id) ?? []).map(statusIdOf),
    rule_ids: ruleIdsOf(report),
    target_account: accountView(target, urls),
  };
}

/**
 * A reported post or comment as a status, from the report's copy of its text: what was reported, even
 * when it was edited or deleted since. Counts are not part of what was reported: they are zero.
 */
function reportedStatus(item: ReportItemRecord, account: Account, urls: Urls): Status {
  const url =
    item.comment_id === null ? urls.post(item.post_id) : urls.comment(item.post_id, item.comment_id);
  return {
    ...bareStatus({ id: statusIdOf(item), createdAt: item.posted_at, url, account }),
    in_reply_to_id: item.comment_id === null ? null : item.post_id,
    content: textToHtml(item.content, { profileOf: () => undefined, tagUrl: urls.tag }),
    tags: hashtagsOf(item.content).map((name) => ({ name, url: urls.tag(name) })),
  };
}

/** `/api/v1/admin/reports` and each report of it; one whose reported account is gone is left out. */
export function adminReportViews(
  hydrated: HydratedReports<AccountRecord>,
  urls: Urls,
  now: Date,
): AdminReport[] {
  const adminAccount = (id: string | null) => {
    const record = id === null ? undefined : hydrated.people.get(id);
    return record ? adminAccountView(record, urls, now) : null;
  };
  return hydrated.records.flatMap((report) => {
    const target = adminAccount(report.target_id);
    if (!target) return [];
    const rules = ruleIdsOf(report).flatMap((id): Rule[] => {
      const rule = hydrated.rules.get(id);
      return rule ? [{ id: rule.id, text: rule.text, hint: rule.hint }] : [];
    });
    return [
      {
        ...common(report),
        updated_at: report.updated_at,
        account: adminAccount(report.reporter_id),
        target_account: target,
        assigned_account: adminAccount(report.assigned_id),
        action_taken_by_account: adminAccount(report.resolved_by),
        statuses: (hydrated.items.get(report.id) ?? []).map((item) =>
          reportedStatus(item, target.account, urls),
        ),
        rules,
      },
    ];
  });
}
