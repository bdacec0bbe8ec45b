import {
  ModerationLimits,
  type AdminAccountReply,
  type AdminAccountsQuery,
  type AuditLogReply,
} from '@sync/contract';
import { auditOrder, auditPage } from '../../data/audit-log.repo.js';
import * as moderation from '../../data/moderation.repo.js';
import { reportsAbout } from '../../data/reports.repo.js';
import { searchKey } from '../../data/name-keys.js';
import * as users from '../../data/users.repo.js';
import { newId } from '../../platform/db/ids.js';
import { Messages, notFound } from '../../platform/http/errors.js';
import type { PageQuery } from '../../platform/http/pagination.js';
import { hydrateReports } from '../../read/hydration/reports.js';
import {
  adminAccountView,
  auditEntryViews,
  moderationActionViews,
} from '../../read/views/sync/moderation.js';
import { adminReportViews } from '../../read/views/sync/reports.js';
import { audit } from '../shared/audit.js';
import { eraseComment, requireComment } from '../shared/comment-writes.js';
import type { Deps } from '../shared/deps.js';
import { requirePost } from '../shared/post-answers.js';
import { erasePost } from '../shared/post-writes.js';
import { requirePermission } from '../shared/roles.js';
import { checkText } from '../shared/text.js';
import { actorOf, requireAbove, checkReport } from '../shared/moderation.js';

async function requireUserNamed(deps: Deps, username: string): Promise<users.UserRow> {
  const user = await users.findUserByUsername(deps.db, username);
  if (!user) throw notFound(Messages.userNotFound(username));
  return user;
}

/** `GET /api/admin/accounts`: a page of the accounts the status and query select, newest sign-up first. */
export async function listAccounts(
  deps: Deps,
  input: { moderator: users.UserRow; query: AdminAccountsQuery },
) {
  requirePermission(input.moderator.role, 'manage_users');
  const { status, query } = input.query;
  const now = deps.clock.now();
  const filter = {
    statuses: status ? [status] : [],
    roles: [],
    prefix: query ? searchKey(query) : undefined,
    now: now.toISOString(),
  };
  const kind = {
    ...users.accountsForModerators,
    scope: `admin-accounts:${status ?? '*'}:${filter.prefix ?? ''}`,
  };
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    kind,
    input.query,
    (after, limit) =>
      users.moderatedAccountWindow(deps.db, filter, { olderThan: after, oldestFirst: false, limit }),
    (row) => [row.created_at, row.id],
  );
  return { accounts: items.map((row) => adminAccountView(row, now)), nextCursor };
}

/** How many actions and reports an account's page lists, the latest first. */
const historyShown = 100;

/** `GET /api/admin/accounts/:username`: the account, its moderation history and the reports about it. */
export async function getAccount(
  deps: Deps,
  input: { moderator: users.UserRow; username: string },
): Promise<AdminAccountReply> {
  requirePermission(input.moderator.role, 'manage_users');
  const account = await requireUserNamed(deps, input.username);
  const [actions, reports] = await Promise.all([
    moderation.actionsOnAccount(deps.db, account.id, historyShown),
    reportsAbout(deps.db, account.id, historyShown),
  ]);
  const moderatorIds = actions.flatMap((action) =>
    action.moderator_id === null ? [] : [action.moderator_id],
  );
  const [moderators, hydratedReports] = await Promise.all([
    deps.hydrator.peopleByIds([...new Set(moderatorIds)]),
    hydrateReports(deps, reports, { counts: true }),
  ]);
  return {
    account: adminAccountView(account, deps.clock.now()),
    actions: moderationActionViews(actions, moderators),
    reports: adminReportViews(hydratedReports),
  };
}

/** A deletion's reason and the report it answers, checked. */
async function checkDeletion(
  deps: Deps,
  input: {
    moderator: users.UserRow;
    authorId: string;
    reason?: string | undefined;
    reportId?: string | undefined;
  },
) {
  const author = await users.findUserById(deps.db, input.authorId);
  if (!author) throw notFound(Messages.userNotRegistered);
  requireAbove(input.moderator, author);
  const reason = checkText(input.reason ?? '', {
    label: 'Reason',
    max: ModerationLimits.reasonMax,
    required: false,
  });
  return { author, reason, reportId: await checkReport(deps, input.reportId, author) };
}

/** A short quote of what was deleted, for the audit log (the entry outlives it). */
const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** What a moderator's deletion records in its transaction: the author's history and the audit log. */
function recordDeletion(
  deps: Deps,
  input: {
    moderator: users.UserRow;
    author: users.UserRow;
    type: 'delete_post' | 'delete_comment';
    target: { id: string; text: string };
    reason: string;
    reportId: string | null;
  },
) {
  const now = deps.clock.now();
  return async (trx: Deps['db']) => {
    await moderation.insertModerationAction(trx, {
      id: newId(now),
      target_id: input.author.id,
      moderator_id: input.moderator.id,
      type: input.type,
      text: input.reason,
      report_id: input.reportId,
      ends_at: null,
      created_at: now.toISOString(),
    });
    await audit(trx, now, actorOf(input.moderator), {
      action: input.type,
      targetType: input.type === 'delete_post' ? 'post' : 'comment',
      targetId: input.target.id,
      targetLabel: `${input.author.username}: ${excerpt(input.target.text)}`,
      reason: input.reason,
    });
  };
}

/** `DELETE /api/admin/posts/:postId`: a moderator deletes someone's post (with what hangs under it). */
export async function deletePost(
  deps: Deps,
  input: {
    moderator: users.UserRow;
    postId: string;
    reason?: string | undefined;
    reportId?: string | undefined;
  },
): Promise<{ deleted: string }> {
  requirePermission(input.moderator.role, 'manage_reports');
  const post = await requirePost(deps, input.postId);
  const checked = await checkDeletion(deps, { ...input, authorId: post.author_id });
  await erasePost(deps, post, {
    alongside: recordDeletion(deps, {
      ...checked,
      moderator: input.moderator,
      type: 'delete_post',
      target: { id: post.id, text: post.content },
    }),
  });
  return { deleted: post.id };
}

/** `DELETE /api/admin/posts/:postId/comments/:commentId`: a moderator deletes someone's comment. */
export async function deleteComment(
  deps: Deps,
  input: {
    moderator: users.UserRow;
    postId: string;
    commentId: string;
    reason?: string | undefined;
    reportId?: string | undefined;
  },
): Promise<{ deleted: string }> {
  requirePermission(input.moderator.role, 'manage_reports');
  const { comment } = await requireComment(deps, input.postId, input.commentId);
  const checked = await checkDeletion(deps, { ...input, authorId: comment.author_id });
  const record = recordDeletion(deps, {
    ...checked,
    moderator: input.moderator,
    type: 'delete_comment',
    target: { id: comment.id, text: comment.text },
  });
  let recorded = false;
  await eraseComment(deps, comment, async (trx) => {
    await record(trx);
    recorded = true;
  });
  // Deleted by someone else meanwhile: this moderator deleted nothing.
  if (!recorded) throw notFound(Messages.commentNotFound(comment.id));
  return { deleted: comment.id };
}

/** `GET /api/admin/audit-log`: a page of the log, the latest first. */
export async function auditLog(
  deps: Deps,
  input: { moderator: users.UserRow; query: PageQuery },
): Promise<AuditLogReply> {
  requirePermission(input.moderator.role, 'manage_users');
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    auditOrder,
    input.query,
    (after, limit) => auditPage(deps.db, after, limit),
    (entry) => [entry.created_at, entry.id],
  );
  return { entries: auditEntryViews(items), nextCursor };
}
