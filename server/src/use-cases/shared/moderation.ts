import { ModerationLimits, type AccountActionBody } from '@sync/contract';
import * as moderation from '../../data/moderation.repo.js';
import type { ModerationActionRecord } from '../../data/moderation.repo.js';
import * as notifications from '../../data/notifications.repo.js';
import * as oauth from '../../data/oauth.repo.js';
import { findReport } from '../../data/reports.repo.js';
import type { ModerationActionType, Role } from '../../data/schema.js';
import * as accountsRepo from '../../data/accounts.repo.js';
import * as users from '../../data/users.repo.js';
import { newId } from '../../platform/db/ids.js';
import { deleteUserAndEverythingOf } from './account-deletion.js';
import { audit, type Actor } from './audit.js';
import { findAccount, type AccountRef } from './account-refs.js';
import type { Deps } from './deps.js';
import { commit } from './commit.js';
import { isLimited, isSuspended } from './moderation-state.js';
import { isBelow, requirePermission } from './roles.js';
import { checkText } from './text.js';
import { Invalid, NotAllowed, NotFound, Unacceptable } from './domain-errors.js';

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

export const actorOf = (user: users.UserRow): Actor => ({ id: user.id, username: user.username });

export const article = (role: Role) => (role === 'owner' || role === 'admin' ? 'an' : 'a');

/** A moderator acts only on people below their own role: never on a peer, a superior, or themselves. */
export function requireAbove(moderator: users.UserRow, target: users.UserRow): void {
  if (target.id === moderator.id) throw new NotAllowed('You cannot take a moderation action on yourself.');
  if (!isBelow(target.role, moderator.role))
    throw new NotAllowed(
      `@${target.username} is ${article(target.role)} ${target.role}: only someone above that role can act on their account.`,
    );
}

export async function requireAccount(deps: Deps, ref: AccountRef): Promise<users.UserRow> {
  const user = await findAccount(deps.db, ref);
  if (!user) throw accountMissing(ref);
  return user;
}

const accountMissing = (ref: AccountRef) =>
  new NotFound({ thing: 'person', name: 'username' in ref ? ref.username : ref.id });

/** The report an action answers must exist and be about the account acted on. */
export async function checkReport(deps: Deps, reportId: string | undefined, target: users.UserRow) {
  if (reportId === undefined) return null;
  const report = await findReport(deps.db, reportId);
  if (!report) throw new NotFound({ thing: 'report', id: reportId });
  if (report.target_id !== target.id)
    throw new Unacceptable(`Report "${reportId}" is about someone else, not @${target.username}.`);
  return report.id;
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
    throw new Invalid('text', 'A warning needs a text: what the person should know.');
  const timed = action.type === 'limit' || action.type === 'suspend';
  const seconds = action.durationSeconds ?? 0;
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > ModerationLimits.durationSecondsMax)
    throw new Invalid(
      'durationSeconds',
      `durationSeconds must be a whole number of seconds from 0 to ${ModerationLimits.durationSecondsMax} (ten years); 0 or null: until lifted.`,
    );
  if (!timed && seconds > 0)
    throw new Invalid(
      'durationSeconds',
      `durationSeconds applies to limit and suspend only, not to ${action.type}.`,
    );
  if (action.type === 'unsuspend' && !isSuspended(target, now))
    throw new Unacceptable(`@${target.username} is not suspended.`);
  if (action.type === 'unlimit' && !isLimited(target, now))
    throw new Unacceptable(`@${target.username} is not limited.`);
  const endsAt = seconds > 0 ? new Date(now.getTime() + seconds * 1000).toISOString() : null;
  return { text, endsAt };
}

/**
 * `POST /api/admin/accounts/:username/actions` and the Mastodon admin API's actions: the action, its
 * record, its audit entry and the person's notification in one transaction; then the person's sessions
 * end (a suspension), their apps' open streams close, and every process reads the account's moderation
 * state again. The account as it now is, and the action recorded.
 */
export async function actOnAccount(
  deps: Deps,
  input: {
    moderator: users.UserRow;
    account: AccountRef;
    action: AccountAction;
  },
): Promise<{ account: users.UserRow; action: ModerationActionRecord }> {
  const { moderator, action } = input;
  requirePermission(moderator.role, 'manage_users');
  const target = await requireAccount(deps, input.account);
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
  await commit(deps, async (trx, effects) => {
    let revoked: string[] = [];
    switch (action.type) {
      case 'suspend':
        await accountsRepo.suspendAccount(trx, target.id, { at, endsAt });
        // The person's every session token stops working with it.
        await users.endSessions(trx, target.id);
        revoked = await oauth.deleteTokensOfUser(trx, target.id);
        break;
      case 'unsuspend':
        await accountsRepo.unsuspendAccount(trx, target.id);
        break;
      case 'limit':
        await accountsRepo.limitAccount(trx, target.id, { at, endsAt });
        break;
      case 'unlimit':
        await accountsRepo.unlimitAccount(trx, target.id);
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
    if (action.type === 'suspend') {
      effects.publish({ type: 'sessions-ended', userId: target.id });
      if (revoked.length > 0) effects.publish({ type: 'tokens-revoked', tokenIds: revoked });
    }
    if (action.type !== 'warn') effects.publish({ type: 'moderation-changed', userId: target.id });
    effects.notified([notice]);
  });
  const account = await users.findUserById(deps.db, target.id);
  if (!account) throw accountMissing(input.account);
  return { account, action: record };
}

/** The audit entry's reason: how the action came, what the person was told, and until when. */
function auditReason(note: string | undefined, text: string, endsAt: string | null): string {
  const parts = [note, text, endsAt === null ? undefined : `(until ${endsAt})`];
  return parts.filter((part) => part !== undefined && part !== '').join(' ');
}

/**
 * A job: the timed suspensions and limits whose time is up are lifted (reads treat them as over from
 * their end already; this clears the rows), each with its audit entry, and every process is told.
 * Safe to run on several processes at once: each account is lifted by one of them.
 */
export async function liftEndedModeration(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  await commit(deps, async (trx, effects) => {
    const lifted = await accountsRepo.liftEndedModeration(trx, now.toISOString());
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
    for (const userId of new Set([...lifted.unsuspended, ...lifted.unlimited].map((account) => account.id)))
      effects.publish({ type: 'moderation-changed', userId });
  });
}

/** Accounts purged per run: a run stays short; the next takes the rest. */
const purgedPerRun = 20;

/**
 * A job: accounts suspended until lifted for 30 days are deleted with everything of theirs, as a person
 * deleting their own account is, each with its audit entry in the same transaction. An account lifted
 * meanwhile, or purged by another process already, is left as it is.
 */
export async function purgeSuspendedAccounts(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  const due = (user: users.UserRow) =>
    user.suspended_at !== null &&
    user.suspension_ends_at === null &&
    Date.parse(user.suspended_at) <= now.getTime() - purgeAfterMs;
  const cutoff = new Date(now.getTime() - purgeAfterMs).toISOString();
  for (const id of await accountsRepo.suspendedUntilLiftedBefore(deps.db, cutoff, purgedPerRun)) {
    await deleteUserAndEverythingOf(deps, id, {
      when: due,
      alongside: async (trx, user, effects) => {
        await audit(trx, now, scheduledJob, {
          action: 'purge_account',
          targetType: 'account',
          targetId: user.id,
          targetLabel: user.username,
          reason: `Suspended since ${user.suspended_at ?? ''}, 30 days or more.`,
        });
        effects.publish({ type: 'moderation-changed', userId: user.id });
      },
    });
  }
}
