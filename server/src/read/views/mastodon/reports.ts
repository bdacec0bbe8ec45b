import { hashtagsOf } from '@sync/contract';
import type { ReportItemRecord, ReportRecord } from '../../../data/reports.repo.js';
import { ruleIdsOf } from '../../../data/reports.repo.js';
import type { AccountRecord } from '../../hydration/accounts.js';
import { keptImagesOf, type HydratedReports } from '../../hydration/reports.js';
import { mediaAttachmentView } from './media.js';
import { accountView } from './accounts.js';
import { adminAccountView } from './admin.js';
import type { Account, AdminReport, Report, Rule, Status } from '@sync/contract/mastodon';
import { textToHtml } from './html.js';
import type { Uris } from '../../../platform/uris/uris.js';
import { bareStatus } from './bare-status.js';
import { ruleView } from './instance.js';

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
  urls: Uris,
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
 * A reported post or comment as a status, from the report's copy of its text and of its images: what
 * was reported, even when it was edited or deleted since. Counts are not part of what was reported:
 * they are zero. The images' files are served to the staff under /api/v1/admin/reports, with their
 * token (the public /media/ route stops once the post or the image is deleted).
 */
function reportedStatus(
  item: ReportItemRecord,
  hydrated: HydratedReports<AccountRecord>,
  account: Account,
  urls: Uris,
): Status {
  const url =
    item.comment_id === null ? urls.post(item.post_id) : urls.comment(item.post_id, item.comment_id);
  return {
    ...bareStatus({ id: statusIdOf(item), createdAt: item.posted_at, url, account }),
    in_reply_to_id: item.comment_id === null ? null : item.post_id,
    content: textToHtml(item.content, { profileOf: () => undefined, tagUrl: urls.tag }),
    tags: hashtagsOf(item.content).map((name) => ({ name, url: urls.tag(name) })),
    media_attachments: keptImagesOf(hydrated, item, '/api/v1/admin/reports').map((image) =>
      mediaAttachmentView(image, urls),
    ),
  };
}

/** `/api/v1/admin/reports` and each report of it; one whose reported account is gone is left out. */
export function adminReportViews(
  hydrated: HydratedReports<AccountRecord>,
  urls: Uris,
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
      return rule ? [ruleView(rule)] : [];
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
          reportedStatus(item, hydrated, target.account, urls),
        ),
        rules,
      },
    ];
  });
}
