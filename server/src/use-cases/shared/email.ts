import type { EmailSentReply } from '@sync/contract';
import * as users from '../../data/users.repo.js';
import { enqueueJob } from '../../data/jobs.repo.js';
import { newId } from '../../platform/db/ids.js';
import type { Deps } from './deps.js';
import { mailLink } from './email-links.js';
import { accountSettings } from './instance-settings.js';
import { checkEmail } from './text.js';

export const emailInUse = 'That email is already in use.';
export const sentIfKnown = (what: string): EmailSentReply => ({
  message: `If an account uses that address, we sent it ${what}. Check your email (and its spam folder).`,
});

/** An address as typed, for a request that must not tell whether it has an account: only its form is checked. */
export const addressOf = (email: string) => checkEmail(email, true);

/** The kind of job that mails a link to an address if an account may have one (app/jobs.ts wires it). */
export const linkRequestJob = 'email link request';

/** What a link request job holds: the address as typed and what the link is for. */
export interface LinkRequest {
  purpose: 'confirm' | 'reset';
  address: string;
}

export async function queueLinkRequest(deps: Deps, request: LinkRequest): Promise<void> {
  const at = deps.clock.now();
  const payload = JSON.stringify(request);
  await enqueueJob(deps.db, { id: newId(at), kind: linkRequestJob, payload, at: at.toISOString() });
}

/**
 * The handler of a link request job: the link is stored and its mail queued (mailLink) if an account
 * has the address and may get one: to confirm it, while it is unconfirmed and the server confirms
 * addresses; to reset the password, unless it is the shared guest's.
 */
export async function mailLinkIfKnown(deps: Deps, payload: string): Promise<void> {
  const { purpose, address }: LinkRequest = JSON.parse(payload);
  const user = await users.findUserByEmail(deps.db, address);
  if (!user) return;
  const { emailConfirmation, sharedGuestId } = await accountSettings(deps.db);
  const allowed =
    purpose === 'confirm'
      ? !user.email_confirmed_at && emailConfirmation !== 'off'
      : sharedGuestId !== user.id;
  if (allowed) await mailLink(deps, { user, purpose, address: user.email });
}

/** `POST /api/auth/confirmation/resend`: a new link to confirm the address, if an unconfirmed account has it. */
export async function resendConfirmation(deps: Deps, input: { email: string }): Promise<EmailSentReply> {
  await queueLinkRequest(deps, { purpose: 'confirm', address: addressOf(input.email) });
  return sentIfKnown('a new link to confirm it');
}

/**
 * Whether a write that gave an account `address`, and failed in the database, failed because another
 * account took the address in the same instant, after it was checked: the address now has an owner, so
 * the unique key refused it. The caller asks only of a database's failure, not of its own refusals.
 */
export async function tookAddressMeanwhile(deps: Deps, address: string): Promise<boolean> {
  if (address === '') return false;
  return (await users.findUserByEmail(deps.db, address)) !== undefined;
}
