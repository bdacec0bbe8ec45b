import type { UserRow } from '../../data/users.repo.js';
import { passwordMatches } from '../../platform/auth/passwords.js';
import type { Deps } from './deps.js';
import { mustConfirmEmail } from './instance-settings.js';
import { isSuspended, suspendedMessage } from './moderation-state.js';

export const waitingForApproval = "Your account is waiting for a moderator's approval.";
/** The web client offers to send the link again when login answers this. */
export const confirmBeforeLogin =
  'Please confirm your email address first: open the link we sent to it. No message? Ask for a new link.';

/**
 * A sign-in with a password: the account, or why not. `held` is an account whose password was right but
 * which may not sign in now, with words the person can act on; each surface says the rest its own way.
 */
export type PasswordSignIn =
  | { signedIn: UserRow }
  | { refused: 'no-account' }
  | { refused: 'wrong-password' }
  | { refused: 'held'; why: string };

/**
 * The one check of a password sign-in, for Sync's login and a Mastodon app's password grant alike: the
 * password, then an account waiting for approval, a suspended one, one whose address must be confirmed
 * first. Their rate limits are shared as well (platform/http/rate-limits.ts: loginByIp, loginByUsername).
 */
export async function checkPasswordSignIn(
  deps: Deps,
  user: UserRow | undefined,
  password: string,
): Promise<PasswordSignIn> {
  if (!user) return { refused: 'no-account' };
  if (!(await passwordMatches(user.password_hash, password))) return { refused: 'wrong-password' };
  if (user.pending_since) return { refused: 'held', why: waitingForApproval };
  if (isSuspended(user, deps.clock.now())) return { refused: 'held', why: suspendedMessage };
  if (await mustConfirmEmail(deps.db, user)) return { refused: 'held', why: confirmBeforeLogin };
  return { signedIn: user };
}
