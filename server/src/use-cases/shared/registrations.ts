import * as moderation from '../../data/moderation.repo.js';
import { deletePendingAccount } from '../../data/accounts.repo.js';
import * as users from '../../data/users.repo.js';
import { newId } from '../../platform/db/ids.js';
import { auditedWrite, type AuditedChange } from './audit.js';
import { findAccount, type AccountRef } from './account-refs.js';
import type { Deps } from './deps.js';
import { instanceSettings } from './instance-settings.js';
import { queueRegistrationDecision } from './registration-mail.js';
import { requirePermission } from './roles.js';
import { NotFound, Unacceptable } from './domain-errors.js';

/**
 * The moderators' queue of sign-ups waiting for approval (registrations "approval"): approve lets the
 * account in, reject deletes it; either way the person is told by email. Sync's `POST /api/admin/accounts/:username/approve|reject` and
 * Mastodon's `POST /api/v1/admin/accounts/:id/approve|reject` call these.
 */

async function requirePending(deps: Deps, account: AccountRef): Promise<users.UserRow> {
  const name = 'id' in account ? account.id : account.username;
  const user = await findAccount(deps.db, account);
  if (!user) throw new NotFound({ thing: 'person', name });
  if (!user.pending_since) throw notWaiting(user.username);
  return user;
}

const notWaiting = (username: string) =>
  new Unacceptable(`@${username} is not waiting for approval: the account was approved or rejected already.`);

/** The audit entry of a decision on a sign-up, with the reason the person gave. */
const registrationDecision =
  (action: 'approve_registration' | 'reject_registration') =>
  (account: users.UserRow): AuditedChange => ({
    action,
    targetType: 'account',
    targetId: account.id,
    targetLabel: account.username,
    reason: account.signup_reason,
  });

/** Lets a waiting account in (permission `manage_users`): it can log in from now on. */
export async function approveRegistration(
  deps: Deps,
  input: { actor: users.UserRow; account: AccountRef },
): Promise<users.UserRow> {
  requirePermission(input.actor.role, 'manage_users');
  const target = await requirePending(deps, input.account);
  const { title } = await instanceSettings(deps.db, deps.mail.instance);
  const approved = await auditedWrite(
    deps,
    input.actor,
    async (trx, at, effects) => {
      const row = await users.approvePending(trx, target.id);
      if (!row) return row;
      await queueRegistrationDecision(effects, deps, { user: row, decision: 'approved', title, at });
      // In the account's history, as the moderators' other actions are.
      await moderation.insertModerationAction(trx, {
        id: newId(at),
        target_id: row.id,
        moderator_id: input.actor.id,
        type: 'approve',
        text: '',
        report_id: null,
        ends_at: null,
        created_at: at.toISOString(),
      });
      // Rows kept a moment for the account's tokens (an app that signed it up holds one) are read again.
      effects.publish({ type: 'sessions-ended', userId: row.id });
      return row;
    },
    registrationDecision('approve_registration'),
  );
  if (!approved) throw notWaiting(target.username);
  return approved;
}

/** Refuses a waiting account (permission `manage_users`): it is deleted, and its username free again. */
export async function rejectRegistration(
  deps: Deps,
  input: { actor: users.UserRow; account: AccountRef },
): Promise<void> {
  requirePermission(input.actor.role, 'manage_users');
  const target = await requirePending(deps, input.account);
  const { title } = await instanceSettings(deps.db, deps.mail.instance);
  const rejected = await auditedWrite(
    deps,
    input.actor,
    // Nothing but its row (and an app's token, which goes with it) exists: it never got in.
    async (trx, at, effects) => {
      if (!(await deletePendingAccount(trx, target.id))) return undefined;
      await queueRegistrationDecision(effects, deps, { user: target, decision: 'rejected', title, at });
      effects.publish({ type: 'sessions-ended', userId: target.id });
      return target;
    },
    registrationDecision('reject_registration'),
  );
  if (!rejected) throw notWaiting(target.username);
}
