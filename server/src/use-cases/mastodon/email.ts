import * as accounts from '../../data/accounts.repo.js';
import * as users from '../../data/users.repo.js';
import { commit } from '../shared/commit.js';
import { HttpError } from '../../platform/http/errors.js';
import type { Deps } from '../shared/deps.js';
import { accountSettings } from '../shared/instance-settings.js';
import { checkEmail } from '../shared/text.js';
import { emailInUse, resendConfirmation, tookAddressMeanwhile } from '../shared/email.js';

/** Mastodon's words for `POST /api/v1/emails/confirmations`' refusals, which apps show as they are. */
export const notTheSignupApp =
  'This method is only available to the application the user originally signed-up with';
export const notAwaitingConfirmation =
  'This method is only available while the e-mail is awaiting confirmation';

/**
 * `POST /api/v1/emails/confirmations`: the Mastodon app that signed the person up asks for the link to
 * confirm their address again, sent as `resendConfirmation` sends it, after replacing the address when
 * `email` names another (one never confirmed is a typo to correct, not an address to keep). Only that
 * app may: another app the person authorized must not point their address, and a password reset with
 * it, somewhere else. Only while the address awaits confirmation (never under `off`).
 */
export async function resendConfirmationForApp(
  deps: Deps,
  input: { viewer: users.UserRow; appId: string; email: string | undefined },
): Promise<void> {
  const { viewer, email } = input;
  if (viewer.signup_app_id !== input.appId) throw new HttpError(403, notTheSignupApp);
  if (viewer.email_confirmed_at || (await accountSettings(deps.db)).emailConfirmation === 'off')
    throw new HttpError(403, notAwaitingConfirmation);
  const address = email === undefined ? viewer.email : await replaceUnconfirmedEmail(deps, viewer, email);
  await resendConfirmation(deps, { email: address });
}

/** The address an app corrects an unconfirmed one to; refusals as Mastodon's 422 "Validation failed". */
async function replaceUnconfirmedEmail(deps: Deps, viewer: users.UserRow, email: string): Promise<string> {
  const address = checkEmail(email, true);
  if (users.emailKeyOf(address) === viewer.email_key) return viewer.email;
  const taken = () => new HttpError(422, `Validation failed: ${emailInUse}`);
  if (await users.findUserByEmail(deps.db, address)) throw taken();
  let replaced: users.UserRow | undefined;
  try {
    replaced = await commit(deps, async (trx) => {
      const person = await users.replaceUnconfirmedEmail(trx, viewer.id, address);
      // The account says when its person last changed, their address included.
      if (person) await accounts.markAccountUpdated(trx, viewer.id, deps.clock.now().toISOString());
      return person;
    });
  } catch (error) {
    if (await tookAddressMeanwhile(deps, address)) throw taken();
    throw error;
  }
  if (!replaced) throw new HttpError(403, notAwaitingConfirmation);
  return replaced.email;
}
