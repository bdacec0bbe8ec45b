import {
  Limits,
  type AuthLoginReply,
  type AuthSignupReply,
  type LoginBody,
  type SignupBody,
  type SignupPendingReply,
  type UsernameAvailableReply,
  type UsernameQuery,
} from '@sync/contract';
import { findUserById, findUserByUsername, type UserRow } from '../../data/users.repo.js';
import { HttpError, Messages, badRequest, notFound, unauthorized } from '../../platform/http/errors.js';
import type { Deps } from '../shared/deps.js';
import { mustConfirmEmail } from '../shared/instance-settings.js';
import { isSuspended, suspendedMessage } from '../shared/moderation-state.js';
import { checkNewPassword } from '../shared/passwords.js';
import { checkPasswordSignIn } from '../shared/sign-in.js';
import { claimsFor } from '../shared/sessions.js';
import { checkEmail, checkText, checkUrl } from '../shared/text.js';
import { userObject } from './user-answers.js';
import {
  usernameProblem,
  checkUsername,
  AccountFields,
  checkReason,
  createAccount,
} from '../shared/sign-up.js';

/**
 * `GET /auth/username-available`: whether sign-up would take the name, asked while it is typed. It tells
 * no more than `GET /users/:username` does; sign-up still checks it (two people may want one name).
 */
export async function usernameAvailability(
  deps: Deps,
  query: UsernameQuery,
): Promise<UsernameAvailableReply> {
  const username = query.username.trim();
  const problem = usernameProblem(username);
  if (problem) return { available: false, ...problem };
  if (await findUserByUsername(deps.db, username))
    return { available: false, reason: 'taken', message: Messages.usernameTaken };
  return { available: true };
}

function checkSignup(body: SignupBody): AccountFields {
  const username = checkUsername(body.username);
  checkNewPassword(body.password);
  const name = (value: string | undefined, label: string) => {
    if (value === undefined) throw badRequest(`${label} is required.`);
    return checkText(value, { label, max: Limits.name, required: true, aboutPerson: 'line' });
  };
  return {
    username,
    password: body.password,
    first_name: name(body.firstName ?? body.firstname, 'First name'),
    last_name: name(body.lastName ?? body.lastname, 'Last name'),
    email: checkEmail(body.email ?? '', false),
    bio: checkText(body.bio ?? '', {
      label: 'Bio',
      max: Limits.bio,
      required: false,
      aboutPerson: 'paragraphs',
    }),
    links: checkUrl(body.links ?? '', { label: 'Link', max: Limits.url }),
    city: checkText(body.city ?? '', {
      label: 'City',
      max: Limits.city,
      required: false,
      aboutPerson: 'line',
    }),
    avatar_url: checkUrl(body.avatarURL ?? '', { label: 'Avatar URL', max: Limits.url }),
  };
}
export const confirmFirstMessage =
  'Thank you for signing up! We sent a link to your email address: open it to confirm the address, then log in.';

export const pendingMessage =
  "Thank you for signing up! The server's moderators will look at your request: you can log in once they approve it.";

/**
 * `POST /auth/signup`: a new account, signed in; or, when sign-ups need approval, an account that waits
 * for a moderator (no token).
 */
export async function signup(deps: Deps, body: SignupBody): Promise<AuthSignupReply | SignupPendingReply> {
  const fields = checkSignup(body);
  const row = await createAccount(deps, fields, {
    reason: checkReason(body.reason),
    inviteCode: body.inviteCode?.trim() || undefined,
    signupAppId: null,
    agreement: body.agreement,
  });
  if (row.pending_since) return { pending: true, message: pendingMessage, waitingFor: 'approval' };
  if (await mustConfirmEmail(deps.db, row))
    return { pending: true, message: confirmFirstMessage, waitingFor: 'email' };
  const encodedToken = deps.tokens.sign(claimsFor(row));
  return { createdUser: await userObject(deps, row, row.id), encodedToken };
}

/** `POST /auth/login` */
export async function login(deps: Deps, body: LoginBody): Promise<AuthLoginReply> {
  const check = await checkPasswordSignIn(
    deps,
    await findUserByUsername(deps.db, body.username.trim()),
    body.password,
  );
  if ('refused' in check) {
    if (check.refused === 'no-account') throw notFound(Messages.userNotRegistered);
    if (check.refused === 'wrong-password') throw unauthorized(Messages.wrongPassword);
    throw new HttpError(403, check.why);
  }
  const user = check.signedIn;
  const encodedToken = deps.tokens.sign(claimsFor(user));
  return { foundUser: await userObject(deps, user, user.id), encodedToken };
}

/**
 * The user a token signs in: 401 for a token that is not ours or was signed before the user's last
 * password change or suspension, 403 while they are suspended, 404 once the user is gone. `readUser`
 * reads the row (a read may reuse one read a moment ago: api/sync/auth.plugin.ts; otherwise
 * `currentUserRow`).
 */
export async function signedInUser(
  deps: Deps,
  token: string,
  readUser: (id: string) => Promise<UserRow | undefined>,
): Promise<UserRow> {
  const claims = deps.tokens.verify(token);
  if (!claims) throw unauthorized(Messages.invalidToken);
  const user = await readUser(claims._id);
  if (!user) throw notFound(Messages.userNotRegistered);
  // A token signed before the user's last password change (or suspension) carries an older version.
  if (claims.ver !== user.token_version) throw unauthorized(Messages.invalidToken);
  // A token signed as the suspension began, before its version moved.
  if (isSuspended(user, deps.clock.now())) throw new HttpError(403, suspendedMessage);
  return user;
}

/** The row of a signed-in user, read now (not a row a read may reuse). */
export const currentUserRow = (deps: Deps, id: string) => findUserById(deps.db, id);
