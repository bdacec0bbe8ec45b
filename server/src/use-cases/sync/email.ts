import type {
  AccountStateReply,
  ChangeEmailBody,
  EmailConfirmedReply,
  EmailSentReply,
  EmailTokenBody,
  PasswordResetBody,
  PasswordResetCheckReply,
  PasswordResetReply,
} from '@sync/contract';
import type { Db } from '../../data/database.js';
import * as emailTokens from '../../data/email-tokens.repo.js';
import type { EmailTokenPurpose } from '../../data/schema.js';
import * as accounts from '../../data/accounts.repo.js';
import * as users from '../../data/users.repo.js';
import * as oauth from '../../data/oauth.repo.js';
import { hashPassword, passwordMatches } from '../../platform/auth/passwords.js';
import { secretHash } from '../../platform/auth/opaque-tokens.js';
import { HttpError, Messages, badRequest, notFound } from '../../platform/http/errors.js';
import type { Deps } from '../shared/deps.js';
import { commit } from '../shared/commit.js';
import { mailLink } from '../shared/email-links.js';
import { accountSettings } from '../shared/instance-settings.js';
import { checkNewPassword } from '../shared/passwords.js';
import { refuseSharedGuest, sharedGuestRefusals } from '../shared/shared-guest.js';
import { checkEmail } from '../shared/text.js';
import {
  emailInUse,
  sentIfKnown,
  addressOf,
  queueLinkRequest,
  tookAddressMeanwhile,
} from '../shared/email.js';

/**
 * Accounts by email (docs/decisions/100): confirming the address, a forgotten password, a new address.
 * What a request about an address answers never depends on whether the address has an account, nor
 * does its time: it queues a job (one insert, whatever the address), and the job looks the address up
 * and queues the link's mail after the answer (docs/decisions/121).
 */

export const linkUsedOrExpired = 'This link was already used or has expired.';

/** The link's token, taken (single use) in `trx`; 400 when it is unknown, used or expired. */
async function takeLink(trx: Db, token: string, purpose: EmailTokenPurpose, now: string) {
  const row = token ? await emailTokens.takeEmailToken(trx, secretHash(token), purpose, now) : undefined;
  if (!row) throw badRequest(linkUsedOrExpired);
  return row;
}

/** `POST /api/auth/confirm`: the address the link was sent to is confirmed (if it is still the account's). */
export async function confirmEmail(deps: Deps, input: { token: string }): Promise<EmailConfirmedReply> {
  const now = deps.clock.now().toISOString();
  return commit(deps, async (trx) => {
    const link = await takeLink(trx, input.token, 'confirm', now);
    if (!(await users.confirmEmail(trx, link.user_id, link.new_email, now)))
      throw badRequest(linkUsedOrExpired);
    return { email: link.new_email, confirmed: true as const };
  });
}

/** `POST /api/auth/password-reset`: a link to choose a new password, if an account has the address. */
export async function requestPasswordReset(deps: Deps, input: { email: string }): Promise<EmailSentReply> {
  await queueLinkRequest(deps, { purpose: 'reset', address: addressOf(input.email) });
  return sentIfKnown('a link to reset the password');
}

/** `POST /api/auth/password-reset/check`: whether a reset link still works (it is not used up by asking). */
export async function checkPasswordResetLink(
  deps: Deps,
  body: EmailTokenBody,
): Promise<PasswordResetCheckReply> {
  const now = deps.clock.now().toISOString();
  const usable =
    body.token !== '' && (await emailTokens.emailTokenUsable(deps.db, secretHash(body.token), 'reset', now));
  return { usable };
}

/**
 * `POST /api/auth/password-reset/confirm`: the new password (the rules of sign-up), every session and
 * app token ended, every other reset link retired.
 * Following the link also proves the address, so it is confirmed.
 */
export async function resetPassword(deps: Deps, body: PasswordResetBody): Promise<PasswordResetReply> {
  checkNewPassword(body.newPassword);
  const passwordHash = await hashPassword(body.newPassword);
  const now = deps.clock.now().toISOString();
  // Read before the transaction: SQLite's one connection is the transaction's until it ends.
  const { sharedGuestId } = await accountSettings(deps.db);
  await commit(deps, async (trx, effects) => {
    const link = await takeLink(trx, body.token, 'reset', now);
    const user = await users.findUserById(trx, link.user_id);
    if (!user) throw badRequest(linkUsedOrExpired);
    if (user.id === sharedGuestId) throw new HttpError(403, sharedGuestRefusals.password);
    if ((await users.replacePassword(trx, user.id, user.password_hash, passwordHash)) === undefined)
      throw badRequest(linkUsedOrExpired);
    await emailTokens.retireEmailTokens(trx, user.id, 'reset', now);
    await oauth.deleteTokensOfUser(trx, user.id);
    await users.confirmEmail(trx, user.id, link.new_email, now);
    effects.publish({ type: 'sessions-ended', userId: user.id });
  });
  return { reset: true };
}

/**
 * `POST /api/account/email`: the password confirms; a link goes to the new address, which replaces the
 * old one only when it is followed.
 */
export async function requestEmailChange(
  deps: Deps,
  input: { viewer: users.UserRow; body: ChangeEmailBody },
): Promise<EmailSentReply> {
  const { viewer, body } = input;
  await refuseSharedGuest(deps, viewer, 'email');
  if (!(await passwordMatches(viewer.password_hash, body.password)))
    throw badRequest('The current password is not correct.');
  const address = checkEmail(body.newEmail, true);
  if (users.emailKeyOf(address) === viewer.email_key) throw badRequest('That is already your email address.');
  const owner = await users.findUserByEmail(deps.db, address);
  if (owner) throw new HttpError(409, emailInUse);
  await mailLink(deps, { user: viewer, purpose: 'change', address });
  return { message: `We sent a link to ${address}: open it to confirm the new address.` };
}

/** `POST /api/account/email/confirm`: the new address replaces the old, confirmed. */
export async function confirmEmailChange(deps: Deps, input: { token: string }): Promise<EmailConfirmedReply> {
  const now = deps.clock.now().toISOString();
  let address = '';
  try {
    return await commit(deps, async (trx) => {
      const link = await takeLink(trx, input.token, 'change', now);
      address = link.new_email;
      const owner = await users.findUserByEmail(trx, address);
      if (owner && owner.id !== link.user_id) throw new HttpError(409, emailInUse);
      // The account says when its person last changed, their address included.
      await accounts.markAccountUpdated(trx, link.user_id, now);
      const user = await users.changeEmail(trx, link.user_id, address, now);
      if (!user) throw badRequest(linkUsedOrExpired);
      await emailTokens.retireEmailTokens(trx, user.id, 'change', now);
      return { email: user.email, confirmed: true as const };
    });
  } catch (error) {
    // The link stays unused, as the transaction was undone. The refusals above are answered as they are.
    if (!(error instanceof HttpError) && (await tookAddressMeanwhile(deps, address)))
      throw new HttpError(409, emailInUse);
    throw error;
  }
}

/** `GET /api/account`: the signed-in user's address, whether it is confirmed, and what they may change. */
export async function accountState(deps: Deps, input: { viewerId: string }): Promise<AccountStateReply> {
  const viewer = await users.findUserById(deps.db, input.viewerId);
  if (!viewer) throw notFound(Messages.userNotRegistered);
  const settings = await accountSettings(deps.db);
  return {
    account: {
      email: viewer.email,
      emailConfirmed: viewer.email_confirmed_at !== null,
      emailConfirmation: settings.emailConfirmation,
      sharedGuest: settings.sharedGuestId === viewer.id,
      onboarded: viewer.onboarded_at !== null,
    },
  };
}
