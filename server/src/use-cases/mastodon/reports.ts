import * as reports from '../../data/reports.repo.js';
import type { UserRow } from '../../data/users.repo.js';
import { timeOfId } from '../../platform/db/ids.js';
import type { TimeWindow } from '../../platform/db/keyset.js';
import type { AccountRecord } from '../../read/hydration/accounts.js';
import { hydrateReportAccounts, type HydratedReports } from '../../read/hydration/reports.js';
import type { Deps } from '../shared/deps.js';
import { requirePermission } from '../shared/roles.js';
import {
  ReportInput,
  checkComment,
  file,
  requireReport,
  QueueChange,
  changeQueued,
} from '../shared/reports.js';

/**
 * `POST /api/v1/reports`: the report with its reported account. A comment too long is refused as
 * Mastodon refuses invalid input, 422 (Sync's API: 400, as for any text too long).
 */
export async function reportAccount(deps: Deps, input: ReportInput): Promise<HydratedReports<AccountRecord>> {
  checkComment(input.comment);
  return hydrateReportAccounts(deps, [await file(deps, input)], { counts: false });
}

/**
 * `GET /api/v1/admin/reports`: a window of the queue, newest first, with the people as accounts; with
 * `account_id` and `target_account_id`, only the reports a person filed, or about an account.
 */
export async function reportQueueWindow(
  deps: Deps,
  input: { viewer: UserRow; filter: reports.QueueFilter; window: TimeWindow },
): Promise<HydratedReports<AccountRecord>> {
  requirePermission(input.viewer.role, 'manage_reports');
  // Ids that are not UUIDv7 name nobody: PostgreSQL refuses NUL in a parameter, so none is sent.
  const { targetId, reporterId } = input.filter;
  if ([targetId, reporterId].some((id) => id !== undefined && !timeOfId(id)))
    return hydrateReportAccounts(deps, [], { counts: true });
  const rows = await reports.queueWindow(deps.db, input.filter, input.window);
  const records = input.window.oldestFirst ? rows.reverse() : rows;
  return hydrateReportAccounts(deps, records, { counts: true });
}

/** `GET /api/v1/admin/reports/:id`: one report with the people as accounts. */
export async function adminReportAccounts(
  deps: Deps,
  input: { viewer: UserRow; id: string },
): Promise<HydratedReports<AccountRecord>> {
  requirePermission(input.viewer.role, 'manage_reports');
  return hydrateReportAccounts(deps, [await requireReport(deps, input.id)], { counts: true });
}

/** `POST /api/v1/admin/reports/:id/assign_to_self|unassign|resolve|reopen` */
export async function changeQueuedReportAccounts(
  deps: Deps,
  input: QueueChange,
): Promise<HydratedReports<AccountRecord>> {
  return hydrateReportAccounts(deps, [await changeQueued(deps, input)], { counts: true });
}
