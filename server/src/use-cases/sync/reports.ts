import {
  type AdminReport,
  type AdminReportsReply,
  type OpenReportCountReply,
  type Report,
  type ReportsReply,
} from '@sync/contract';
import * as reports from '../../data/reports.repo.js';
import type { ReportRecord } from '../../data/reports.repo.js';
import type { UserRow } from '../../data/users.repo.js';
import { notFound } from '../../platform/http/errors.js';
import type { PageQuery } from '../../platform/http/pagination.js';
import { hydrateReports } from '../../read/hydration/reports.js';
import { adminReportViews, reportViews } from '../../read/views/sync/reports.js';
import type { Deps } from '../shared/deps.js';
import { requirePermission } from '../shared/roles.js';
import {
  ReportInput,
  file,
  reportNotFound,
  requireReport,
  QueueChange,
  changeQueued,
} from '../shared/reports.js';

/** `POST /api/reports`: the report as its reporter sees it. */
export async function fileReport(deps: Deps, input: ReportInput): Promise<Report> {
  const [view] = reportViews(await hydrateReports(deps, [await file(deps, input)], { counts: false }));
  if (!view) throw notFound('The reported account is gone.');
  return view;
}

/** `GET /api/reports`: the reports the person filed, the latest first, with where each stands. */
export async function listOwnReports(
  deps: Deps,
  input: { viewerId: string; query: PageQuery },
): Promise<ReportsReply> {
  const kind = { ...reports.reportsByTime, scope: `own-reports:${input.viewerId}` };
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    kind,
    input.query,
    (after, limit) => reports.reporterPage(deps.db, input.viewerId, after, limit),
    (row) => [row.created_at, row.id],
  );
  return { reports: reportViews(await hydrateReports(deps, items, { counts: false })), nextCursor };
}

/*
 * The moderators' queue. Every route needs the permission manage_reports (without it: 403, on the
 * Mastodon API too, whatever the token's scopes); every change writes an audit-log entry in its
 * transaction.
 */

/** `GET /api/admin/reports?resolved=…`: open (or resolved) reports, the latest first. */
export async function reportQueue(
  deps: Deps,
  input: { viewer: UserRow; resolved: boolean; query: PageQuery },
): Promise<AdminReportsReply> {
  requirePermission(input.viewer.role, 'manage_reports');
  const kind = { ...reports.reportsByTime, scope: `report-queue:${input.resolved ? 'resolved' : 'open'}` };
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    kind,
    input.query,
    (after, limit) => reports.queuePage(deps.db, input.resolved, after, limit),
    (row) => [row.created_at, row.id],
  );
  return { reports: adminReportViews(await hydrateReports(deps, items, { counts: true })), nextCursor };
}

/** `GET /api/admin/reports/open-count`: how many reports wait in the queue (the Moderation link's badge). */
export async function openReportCount(deps: Deps, input: { viewer: UserRow }): Promise<OpenReportCountReply> {
  requirePermission(input.viewer.role, 'manage_reports');
  return { count: await reports.openReportCount(deps.db) };
}

async function adminView(deps: Deps, record: ReportRecord): Promise<AdminReport> {
  const [view] = adminReportViews(await hydrateReports(deps, [record], { counts: true }));
  if (!view) throw reportNotFound(record.id);
  return view;
}

/** `GET /api/admin/reports/:id` */
export async function adminReport(deps: Deps, input: { viewer: UserRow; id: string }): Promise<AdminReport> {
  requirePermission(input.viewer.role, 'manage_reports');
  return adminView(deps, await requireReport(deps, input.id));
}

/** `POST /api/admin/reports/:id/assign|unassign|resolve|reopen`: the report as it now is. */
export async function changeQueuedReport(deps: Deps, input: QueueChange): Promise<AdminReport> {
  return adminView(deps, await changeQueued(deps, input));
}
