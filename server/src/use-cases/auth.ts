import {
  Limits,
  type AuthLoginReply,
  type AuthSignupReply,
  type LoginBody,
  type SignupBody,
} from '@sync/contract';
import { findUserById, findUserByUsername, insertUser, unmoderated, type UserRow } from '../data/users.repo.js';
import { hashPassword, passwordMatches } from '../platform/auth/passwords.js';
import { newId } from '../platform/db/ids.js';
import { HttpError, Messages, badRequest, notFound, unauthorized } from '../platform/http/errors.js';
import type { Deps } from './shared/deps.js';
import { checkNewPassword } from './shared/passwords.js';
import { claimsFor } from './shared/sessions.js';
import { checkText, checkUrl } from './shared/text.js';
import { userObject } from './shared/user-answers.js';

/** Words that are paths under /api/users, so they cannot be usernames. */
const reservedUsernames = new Set([
  'bookmark',
  'edit',
  'follow',
  'unfollow',
  'remove-bookmark',
  'suggestions',
]);
const usernamePattern = /^[A-Za-z0-9_.]+$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkSignup(body: SignupBody) {
  const username = body.username.trim();
  if (
    username.length < Limits.usernameMin ||
    username.length > Limits.usernameMax ||
    !usernamePattern.test(username)
  ) {
    throw badRequest(
      `Username must be ${Limits.usernameMin} to ${Limits.usernameMax} characters long, using only letters, digits, "_" and ".".`,
    );
  }
  if (reservedUsernames.has(username.toLowerCase())) {
    throw badRequest(`The username "${username}" is reserved. Please choose another.`);
  }
  checkNewPassword(body.password);
  const name = (value: string | undefined, label: string) => {
    if (value === undefined) throw badRequest(`${label} is required.`);
    return checkText(value, { label, max: Limits.name, required: true });
  };
  const email = checkText(body.email ?? '', { label: 'Email address', max: 254, required: false });
  if (email && !emailPattern.test(email)) {
    throw badRequest('Email address is not valid: it should look like name@example.com.');
  }
  return {
    username,
    password: body.password,
    first_name: name(body.firstName ?? body.firstname, 'First name'),
    last_name: name(body.lastName ?? body.lastname, 'Last name'),
    email,
    bio: checkText(body.bio ?? '', { label: 'Bio', max: Limits.bio, required: false }),
    links: checkUrl(body.links ?? '', { label: 'Link', max: Limits.url }),
    city: checkText(body.city ?? '', { label: 'City', max: Limits.city, required: false }),
    avatar_url: checkUrl(body.avatarURL ?? '', { label: 'Avatar URL', max: Limits.url }),
  };
}

/** `POST /auth/signup`: a new account, signed in. */
export async function signup(deps: Deps, body: SignupBody): Promise<AuthSignupReply> {
  const input = checkSignup(body);
  if (await findUserByUsername(deps.db, input.username)) throw new HttpError(422, Messages.usernameTaken);
  const at = deps.clock.now();
  const now = at.toISOString();
  const row: UserRow = {
    id: newId(at),
    username: input.username,
    username_key: input.username.toLowerCase(),
    password_hash: await hashPassword(input.password),
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    bio: input.bio,
    links: input.links,
    city: input.city,
    avatar_url: input.avatar_url,
    follower_count: 0,
    following_count: 0,
    token_version: 0,
    created_at: now,
    updated_at: now,
    ...unmoderated,
  };
  try {
    await insertUser(deps.db, row);
  } catch (error) {
    // Two sign-ups racing for one name: the unique index decides.
    if (await findUserByUsername(deps.db, input.username)) throw new HttpError(422, Messages.usernameTaken);
    throw error;
  }
  const encodedToken = deps.tokens.sign(claimsFor(row));
  return { createdUser: await userObject(deps, row, row.id), encodedToken };
}

/** `POST /auth/login` */
export async function login(deps: Deps, body: LoginBody): Promise<AuthLoginReply> {
  const user = await findUserByUsername(deps.db, body.username.trim());
  if (!user) throw notFound(Messages.userNotRegistered);
  if (!(await passwordMatches(user.password_hash, body.password))) {
    throw unauthorized(Messages.wrongPassword);
  }
  const encodedToken = deps.tokens.sign(claimsFor(user));
  return { foundUser: await userObject(deps, user, user.id), encodedToken };
}

/**
 * The user a token signs in: 401 for a token that is not ours or was signed before the user's last
 * password change, 404 once the user is gone. `readUser` reads the row (a read may reuse one read a
 * moment ago: api/sync/auth.plugin.ts; otherwise `currentUserRow`).
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
  // A token signed before the user's last password change carries an older version.
  if (claims.ver !== user.token_version) throw unauthorized(Messages.invalidToken);
  return user;
}

/** The row of a signed-in user, read now (not a row a read may reuse). */
export const currentUserRow = (deps: Deps, id: string) => findUserById(deps.db, id);
