import type {
  AccountRestriction,
  AdminAccount,
  AuditEntry,
  ModerationAction,
  ModerationWarningNotice,
} from '@sync/contract';
import type { AuditEntry as AuditEntryRecord } from '../../../data/audit-log.repo.js';
import type { ModerationActionRecord } from '../../../data/moderation.repo.js';
import { inForce, type SummaryRow } from '../../../data/accounts.repo.js';
import type { UserRow } from '../../../data/users.repo.js';
import { userSummary } from './summaries.js';

/** Moderation as Sync's API shows it: accounts to moderators, their history, the audit log, warnings. */

/** A suspension or a limit, when one is in force at `now` (a timed one past its end is over). */
function restriction(since: string | null, endsAt: string | null, now: Date): AccountRestriction | null {
  return since !== null && inForce(since, endsAt, now) ? { since, endsAt } : null;
}

export function adminAccountView(row: UserRow, now: Date): AdminAccount {
  return {
    ...userSummary(row),
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
    suspension: restriction(row.suspended_at, row.suspension_ends_at, now),
    limit: restriction(row.limited_at, row.limit_ends_at, now),
    pending: row.pending_since === null ? null : { since: row.pending_since, reason: row.signup_reason },
  };
}

/** An account's history; the moderators are those of `people` (null once their account is gone). */
export function moderationActionViews(
  actions: readonly ModerationActionRecord[],
  people: Map<string, SummaryRow>,
): ModerationAction[] {
  return actions.map((action) => {
    const moderator = action.moderator_id === null ? undefined : people.get(action.moderator_id);
    return moderationActionView(action, moderator ? userSummary(moderator) : null);
  });
}

export const moderationActionView = (
  action: ModerationActionRecord,
  moderator: ModerationAction['moderator'],
): ModerationAction => ({
  id: action.id,
  type: action.type,
  text: action.text,
  moderator,
  reportId: action.report_id,
  endsAt: action.ends_at,
  createdAt: action.created_at,
});

export const auditEntryViews = (entries: readonly AuditEntryRecord[]): AuditEntry[] =>
  entries.map((entry) => ({
    id: entry.id,
    actor: { username: entry.actor_username },
    action: entry.action,
    targetType: entry.target_type,
    targetId: entry.target_id,
    targetLabel: entry.target_label,
    reason: entry.reason,
    createdAt: entry.created_at,
  }));

/** What a `moderation_warning` notification tells, from the action it names; undefined for another action. */
export function moderationWarningView(action: ModerationActionRecord): ModerationWarningNotice | undefined {
  if (action.type !== 'warn' && action.type !== 'limit' && action.type !== 'suspend') return undefined;
  return {
    id: action.id,
    action: action.type,
    text: action.text,
    endsAt: action.ends_at,
    createdAt: action.created_at,
  };
}
