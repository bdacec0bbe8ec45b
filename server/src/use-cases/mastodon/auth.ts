import { type UserRow } from '../../data/users.repo.js';
import type { Deps } from '../shared/deps.js';
import { Invalid } from '../shared/domain-errors.js';
import { checkNewPassword } from '../shared/passwords.js';
import { checkEmail } from '../shared/text.js';
import { checkUsername, checkReason, createAccount, AccountRegistration } from '../shared/sign-up.js';

/**
 * `POST /api/v1/accounts`: Mastodon asks no name, so the username stands for the first name (the
 * person changes it as a display name); the email address and accepting the rules are required, as
 * Mastodon requires them. Refusals of what was sent are Mastodon's 422.
 */
export async function registerAccount(deps: Deps, registration: AccountRegistration): Promise<UserRow> {
  const username = checkUsername(registration.username);
  checkNewPassword(registration.password);
  if (!registration.agreement) throw new Invalid('agreement', 'Agreement must be accepted.');
  const fields = {
    username,
    password: registration.password,
    first_name: username,
    last_name: '',
    email: checkEmail(registration.email, true),
    bio: '',
    links: '',
    city: '',
    avatar_url: '',
  };
  const terms = {
    reason: checkReason(registration.reason),
    inviteCode: registration.inviteCode?.trim() || undefined,
    agreement: true,
    signupAppId: registration.appId,
  };
  return createAccount(deps, fields, terms);
}
