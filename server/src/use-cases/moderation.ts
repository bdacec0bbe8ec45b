import {
  ModerationLimits,
  type AccountActionBody,
  type AdminAccountReply,
  type AdminAccountsQuery,
  type AuditLogReply,
} from '@sync/contract';
import { auditOrder, auditPage } from '../data/audit-log.repo.js';
import * as moderation from '../data/moderation.repo.js';
import type { ModerationActionRecord } from '../data/moderation.repo.js';
import * as notifications from '../data/notifications.repo.js';
import * as oauth from '../data/oauth.repo.js';
import { findReport, reportsAbout } from '../data/reports.repo.js';
import { searchKey } from '../data/name-keys.js';
import type { ModerationActionType, Role } from '../data/schema.js';
import * as users from '../data/users.repo.js';
import { newId } from '../platform/db/ids.js';
import { HttpError, Messages, notFound } from '../platform/http/errors.js';
import type { PageQuery } from '../platform/http/pagination.js';
import { hydrateReports } from '../read/hydration/reports.js';
import { adminAccountView, auditEntryViews, moderationActionViews } from '../read/views/sync/moderation.js';
import { adminReportViews } from '../read/views/sync/reports.js';
import { deleteUserAndEverythingOf } from './shared/account-deletion.js';
import { audit, type Actor } from './shared/audit.js';
import { eraseComment, requireComment } from './shared/comment-writes.js';
import { cursorPage, noBounds, type CursorWindow, type PageBounds } from './shared/cursor-windows.js';
import { findAccount, type AccountRef } from './shared/account-refs.js';
import type { Deps } from './shared/deps.js';
import { publishNotified } from './shared/live-messages.js';
import { isLimited, isSuspended } from './shared/moderation-state.js';
import { requirePost } from './shared/post-answers.js';
import { erasePost } from './shared/post-writes.js';
import { isBelow, requirePermission } from './shared/roles.js';
import { checkText } from './shared/text.js';

/**
 * What moderators do to accounts and their content (issue 26): warn, limit, suspend and lift those,
 * delete a post or a comment; the accounts list and page; the audit log. Each action is one transaction
 * that records it (`moderation_actions`, the account's history), appends its audit-log entry and, for
 * a warning, limit or suspension, tells the person with a `moderation_warning` notification carrying
 * the text. Sync's /api/admin routes and the Mastodon admin API call these same functions.
 *
 * A suspension refuses the person's sign-in and every token they hold (their session tokens' version
 * moves; their apps' tokens are deleted), ends their live streams on every process, and hides their
 * profile and posts from everyone but the staff; a suspension until lifted is purged 30 days on
 * (`purgeSuspendedAccounts`). A limit hides their posts from people who do not follow them (the read
 * pipeline's rules stage does that, told by `moderation-changed`). Timed ones end by themselves.
 */

/** How long a suspension until lifted stays reversible before the account is purged. */
export const purgeAfterMs = 30 * 24 * 60 * 60 * 1000;

/** The actor of what the server does by itself on a schedule (the audit log names it so). */
const scheduledJob: Actor = { id: null, username: 'scheduled job' };

const actorOf = (user: users.UserRow): Actor => ({ id: user.id, username: user.username });

const article = (role: Role) => (role === 'owner' || role === 'admin' ? 'an' : 'a');

/** A moderator acts only on people below their own role: never on a peer, a superior, or themselves. */
function requireAbove(moderator: users.UserRow, target: users.UserRow): void {
  if (target.id === moderator.id)
    throw new HttpError(403, 'You cannot take a moderation action on yourself.');
  if (!isBelow(target.role, moderator.role))
    throw new HttpError(
      403,
      `@${target.username} is ${article(target.role)} ${target.role}: only someone above that role can act on their account.`,
    );
}

async function requireUserNamed(deps: Deps, username: string): Promise<users.UserRow> {
  const user = await users.findUserByUsername(deps.db, username);
  if (!user) throw notFound(Messages.userNotFound(username));
  return user;
}

async function requireAccount(deps: Deps, ref: AccountRef, missing: () => Error): Promise<users.UserRow> {
  const user = await findAccount(deps.db, ref);
  if (!user) throw missing();
  return user;
}

/** The report an action answers must exist and be about the account acted on. */
async function checkReport(deps: Deps, reportId: string | undefined, target: users.UserRow) {
  if (reportId === undefined) return null;
  const report = await findReport(deps.db, reportId);
  if (!report) throw notFound(`No report with id "${reportId}" exists.`);
  if (report.target_id !== target.id)
    throw new HttpError(422, `Report "${reportId}" is about someone else, not @${target.username}.`);
  return report.id;
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

/** The Mastodon admin API's filters of the accounts list, in Sync's terms. */
export interface AccountsFilter {
  statuses: users.AccountStatus[];
  roles: Role[];
  /** Mastodon's `username`, `display_name`, `email`: the start of one of them. */
  query: string | undefined;
  /** Mastodon's `remote`, `by_domain`, a role Sync has not: every account here is local, so none. */
  nobody: boolean;
}

/** `GET /api/v1|v2/admin/accounts`: a window of the accounts, newest sign-up first, in signed cursors. */
export async function accountsWindow(
  deps: Deps,
  input: { moderator: users.UserRow; filter: AccountsFilter; window: CursorWindow },
): Promise<{ accounts: users.UserRow[]; bounds: PageBounds }> {
  requirePermission(input.moderator.role, 'manage_users');
  const { statuses, roles, query, nobody } = input.filter;
  if (nobody) return { accounts: [], bounds: noBounds };
  const filter = {
    statuses,
    roles,
    prefix: query ? searchKey(query) : undefined,
    now: deps.clock.now().toISOString(),
  };
  const { rows, bounds } = await cursorPage(
    deps,
    users.accountsForModerators,
    input.window,
    (window) => users.moderatedAccountWindow(deps.db, filter, window),
    (row) => [row.created_at, row.id],
  );
  return { accounts: rows, bounds };
}

/** `GET /api/v1/admin/accounts/:id`: the account as moderators see it (404 for an unknown id). */
export async function moderatedAccount(
  deps: Deps,
  input: { moderator: users.UserRow; account: AccountRef; missing: () => Error },
): Promise<users.UserRow> {
  requirePermission(input.moderator.role, 'manage_users');
  return requireAccount(deps, input.account, input.missing);
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

/** An action on an account, as both APIs ask for it. */
export interface AccountAction {
  type: AccountActionBody['type'];
  text?: string | undefined;
  /** Limit and suspend only; null, 0 or absent: until lifted. */
  durationSeconds?: number | null | undefined;
  reportId?: string | undefined;
  /** Written in the audit log's reason before the text (how a Mastodon app's action was taken). */
  auditNote?: string | undefined;
}

/** The actions the person is told of, with their text. */
const told = new Set<ModerationActionType>(['warn', 'limit', 'suspend']);

function checkAction(action: AccountAction, target: users.UserRow, now: Date) {
  const text = checkText(action.text ?? '', {
    label: 'Text',
    max: ModerationLimits.textMax,
    required: false,
  });
  if (action.type === 'warn' && text === '')
    throw new HttpError(400, 'A warning needs a text: what the person should know.');
  const timed = action.type === 'limit' || action.type === 'suspend';
  const seconds = action.durationSeconds ?? 0;
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > ModerationLimits.durationSecondsMax)
    throw new HttpError(
      400,
      `durationSeconds must be a whole number of seconds from 0 to ${ModerationLimits.durationSecondsMax} (ten years); 0 or null: until lifted.`,
    );
  if (!timed && seconds > 0)
    throw new HttpError(400, `durationSeconds applies to limit and suspend only, not to ${action.type}.`);
  if (action.type === 'unsuspend' && !isSuspended(target, now))
    throw new HttpError(422, `@${target.username} is not suspended.`);
  if (action.type === 'unlimit' && !isLimited(target, now))
    throw new HttpError(422, `@${target.username} is not limited.`);
  const endsAt = seconds > 0 ? new Date(now.getTime() + seconds * 1000).toISOString() : null;
  return { text, endsAt };
}

/**
 * `POST /api/admin/accounts/:username/actions` and the Mastodon admin API's actions: the action, its
 * record, its audit entry and the person's notification in one transaction; then the person's sessions
 * end (`endSessions`, a suspension), their apps' open streams close, and every process reads the
 * account's moderation state again. The account as it now is, and the action recorded.
 */
export async function actOnAccount(
  deps: Deps,
  input: {
    moderator: users.UserRow;
    account: AccountRef;
    action: AccountAction;
    missing: () => Error;
    endSessions: (userId: string) => void;
  },
): Promise<{ account: users.UserRow; action: ModerationActionRecord }> {
  const { moderator, action } = input;
  requirePermission(moderator.role, 'manage_users');
  const target = await requireAccount(deps, input.account, input.missing);
  requireAbove(moderator, target);
  const now = deps.clock.now();
  const at = now.toISOString();
  const { text, endsAt } = checkAction(action, target, now);
  const reportId = await checkReport(deps, action.reportId, target);
  const record: ModerationActionRecord = {
    id: newId(now),
    target_id: target.id,
    moderator_id: moderator.id,
    type: action.type,
    text,
    report_id: reportId,
    ends_at: endsAt,
    created_at: at,
  };
  const { revokedTokens, notified } = await deps.db.transaction().execute(async (trx) => {
    let revoked: string[] = [];
    switch (action.type) {
      case 'suspend':
        await users.suspendAccount(trx, target.id, { at, endsAt });
        revoked = await oauth.deleteTokensOfUser(trx, target.id);
        break;
      case 'unsuspend':
        await users.unsuspendAccount(trx, target.id);
        break;
      case 'limit':
        await users.limitAccount(trx, target.id, { at, endsAt });
        break;
      case 'unlimit':
        await users.unlimitAccount(trx, target.id);
        break;
      case 'warn':
    }
    await moderation.insertModerationAction(trx, record);
    await audit(trx, now, actorOf(moderator), {
      action: action.type,
      targetType: 'account',
      targetId: target.id,
      targetLabel: target.username,
      reason: auditReason(action.auditNote, text, endsAt),
    });
    const notice = told.has(action.type)
      ? await notifications.addNotice(trx, {
          recipientId: target.id,
          type: 'moderation_warning',
          groupKey: record.id,
          at,
        })
      : undefined;
    return { revokedTokens: revoked, notified: notice };
  });
  if (action.type === 'suspend') {
    input.endSessions(target.id);
    if (revokedTokens.length > 0) deps.events.publish({ type: 'tokens-revoked', tokenIds: revokedTokens });
  }
  if (action.type !== 'warn') deps.events.publish({ type: 'moderation-changed', userId: target.id });
  publishNotified(deps.events, [notified]);
  const account = await users.findUserById(deps.db, target.id);
  if (!account) throw input.missing();
  return { account, action: record };
}

/** The audit entry's reason: how the action came, what the person was told, and until when. */
function auditReason(note: string | undefined, text: string, endsAt: string | null): string {
  const parts = [note, text, endsAt === null ? undefined : `(until ${endsAt})`];
  return parts.filter((part) => part !== undefined && part !== '').join(' ');
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

/**
 * A job: the timed suspensions and limits whose time is up are lifted (reads treat them as over from
 * their end already; this clears the rows), each with its audit entry, and every process is told.
 * Safe to run on several processes at once: each account is lifted by one of them.
 */
export async function liftEndedModeration(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  const { unsuspended, unlimited } = await deps.db.transaction().execute(async (trx) => {
    const lifted = await users.liftEndedModeration(trx, now.toISOString());
    for (const [accounts, action] of [
      [lifted.unsuspended, 'suspension_ended'],
      [lifted.unlimited, 'limit_ended'],
    ] as const) {
      for (const account of accounts)
        await audit(trx, now, scheduledJob, {
          action,
          targetType: 'account',
          targetId: account.id,
          targetLabel: account.username,
        });
    }
    return lifted;
  });
  for (const userId of new Set([...unsuspended, ...unlimited].map((account) => account.id)))
    deps.events.publish({ type: 'moderation-changed', userId });
}

/** Accounts purged per run: a run stays short; the next takes the rest. */
const purgedPerRun = 20;

/**
 * A job: accounts suspended until lifted for 30 days are deleted with everything of theirs, as a person
 * deleting their own account is, each with its audit entry in the same transaction. An account lifted
 * meanwhile, or purged by another process already, is left as it is.
 */
export async function purgeSuspendedAccounts(
  deps: Deps,
  input: { endSessions: (userId: string) => void },
): Promise<void> {
  const now = deps.clock.now();
  const due = (user: users.UserRow) =>
    user.suspended_at !== null &&
    user.suspension_ends_at === null &&
    Date.parse(user.suspended_at) <= now.getTime() - purgeAfterMs;
  const cutoff = new Date(now.getTime() - purgeAfterMs).toISOString();
  for (const id of await users.suspendedUntilLiftedBefore(deps.db, cutoff, purgedPerRun)) {
    const purged = await deleteUserAndEverythingOf(deps, id, {
      when: due,
      alongside: (trx, user) =>
        audit(trx, now, scheduledJob, {
          action: 'purge_account',
          targetType: 'account',
          targetId: user.id,
          targetLabel: user.username,
          reason: `Suspended since ${user.suspended_at ?? ''}, 30 days or more.`,
        }),
    });
    if (purged) {
      input.endSessions(purged.id);
      deps.events.publish({ type: 'moderation-changed', userId: purged.id });
    }
  }
}
