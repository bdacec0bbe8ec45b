import {
  InstanceLimits,
  Limits,
  type AuthLoginReply,
  type AuthSignupReply,
  type LoginBody,
  type SignupBody,
  type SignupPendingReply,
  type UsernameAvailableReply,
  type UsernameQuery,
} from '@sync/contract';
import * as instance from '../data/instance.repo.js';
import * as invites from '../data/invites.repo.js';
import {
  emailKeyOf,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  hasAnyUser,
  insertUser,
  unmoderated,
  type NewUserRow,
  type UserRow,
} from '../data/users.repo.js';
import { hashPassword } from '../platform/auth/passwords.js';
import { newId } from '../platform/db/ids.js';
import { HttpError, Messages, badRequest, notFound, unauthorized } from '../platform/http/errors.js';
import type { Deps } from './shared/deps.js';
import { queueLink } from './shared/email-links.js';
import { currentRegistrationsMode, instanceSettings, mustConfirmEmail } from './shared/instance-settings.js';
import { isSuspended, suspendedMessage } from './shared/moderation-state.js';
import { Invalid } from './shared/domain-errors.js';
import { checkNewPassword } from './shared/passwords.js';
import { checkPasswordSignIn } from './shared/sign-in.js';
import { claimsFor } from './shared/sessions.js';
import { checkEmail, checkText, checkUrl } from './shared/text.js';
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

/** Why sign-up refuses a username (trimmed) before looking for an account that has it. */
function usernameProblem(username: string): { reason: 'invalid' | 'reserved'; message: string } | undefined {
  if (
    username.length < Limits.usernameMin ||
    username.length > Limits.usernameMax ||
    !usernamePattern.test(username)
  ) {
    return {
      reason: 'invalid',
      message: `Username must be ${Limits.usernameMin} to ${Limits.usernameMax} characters long, using only letters, digits, "_" and ".".`,
    };
  }
  if (reservedUsernames.has(username.toLowerCase())) {
    return { reason: 'reserved', message: `The username "${username}" is reserved. Please choose another.` };
  }
  return undefined;
}

function checkUsername(value: string): string {
  const username = value.trim();
  const problem = usernameProblem(username);
  if (problem) throw new Invalid('username', problem.message);
  return username;
}

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

/** A new account's profile and password, checked. */
type AccountFields = Pick<
  UserRow,
  'username' | 'first_name' | 'last_name' | 'email' | 'bio' | 'links' | 'city' | 'avatar_url'
> & { password: string };

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

/** What a person gives to join besides their profile: the server's registrations decide what is needed. */
interface Terms {
  reason: string;
  inviteCode: string | undefined;
  /** Whether they accepted the rules; undefined: not asked (the spec's client has no such checkbox). */
  agreement: boolean | undefined;
  /** The Mastodon app signing them up; null on Sync's own pages. */
  signupAppId: string | null;
}

const checkReason = (reason: string | undefined) =>
  checkText(reason ?? '', { label: 'Reason', max: InstanceLimits.signupReasonMax, required: false });

/** The address's domain and every domain above it: a block of example.com refuses mail.example.com too. */
function domainsOf(email: string): string[] {
  const labels = email
    .slice(email.lastIndexOf('@') + 1)
    .toLowerCase()
    .split('.');
  return labels.map((_label, index) => labels.slice(index).join('.'));
}

/**
 * Whether the server takes this sign-up, and whether it must wait for a moderator's approval. An invite
 * code is checked (and its use counted) when the account is written; it lets the person in whatever the
 * mode, without waiting.
 */
async function admission(deps: Deps, email: string, terms: Terms): Promise<{ pending: boolean }> {
  if (email) {
    const blocked = await instance.blockedDomainAmong(deps.db, domainsOf(email));
    if (blocked)
      throw new HttpError(
        422,
        `Sign-ups with an email address at ${blocked} are not accepted on this server.`,
      );
  }
  if (terms.agreement === false && (await instance.activeRules(deps.db)).length > 0)
    throw new HttpError(422, "To sign up, please accept the server's rules.");
  if (terms.inviteCode !== undefined) return { pending: false };
  switch (await currentRegistrationsMode(deps.db)) {
    case 'open':
      return { pending: false };
    case 'approval':
      if (!terms.reason)
        throw new HttpError(
          422,
          'Sign-ups on this server are approved by its moderators: tell them why you want to join.',
        );
      return { pending: true };
    case 'invite':
      throw new HttpError(403, 'Sign-ups on this server are by invitation only: you need an invite link.');
    case 'closed':
      throw new HttpError(403, 'Sign-ups on this server are closed.');
  }
}

/** Why an invite code let nobody in. */
async function inviteRefusal(db: Deps['db'], code: string, now: string): Promise<HttpError> {
  const invite = await invites.findInviteByCode(db, code);
  if (invite?.revoked_at) return new HttpError(403, 'This invite link was withdrawn.');
  if (invite?.expires_at && invite.expires_at <= now)
    return new HttpError(403, 'This invite link has expired.');
  if (invite) return new HttpError(403, 'This invite link has been used as many times as it allows.');
  return new HttpError(403, 'This invite link is not valid: check that it was copied whole.');
}

/**
 * Writes a new account: its invite's use counted, the first account of the server made the owner, one
 * waiting for approval marked so (it cannot sign in until a moderator lets it in).
 */
async function createAccount(deps: Deps, fields: AccountFields, terms: Terms): Promise<UserRow> {
  if (await findUserByUsername(deps.db, fields.username)) throw new HttpError(422, Messages.usernameTaken);
  const { emailConfirmation, title } = await instanceSettings(deps.db, deps.mail.instance);
  if (emailConfirmation === 'required' && !fields.email) throw badRequest(emailNeeded);
  if (fields.email && (await findUserByEmail(deps.db, fields.email))) throw new HttpError(409, emailTaken);
  const { pending } = await admission(deps, fields.email, terms);
  const at = deps.clock.now();
  const now = at.toISOString();
  const { password, ...profile } = fields;
  const passwordHash = await hashPassword(password);
  const id = newId(at);
  // Its link is queued with the account; 'off' sends nothing (the address stays unconfirmed).
  const confirmationTitle = emailConfirmation !== 'off' && profile.email ? title : undefined;
  return insertAccount(deps, profile, { ...terms, pending, id, now, passwordHash, confirmationTitle });
}

/** The account's row written, its invite's use counted, the first account made the owner. */
async function insertAccount(
  deps: Deps,
  profile: Omit<AccountFields, 'password'>,
  terms: Terms & {
    pending: boolean;
    id: string;
    now: string;
    passwordHash: string;
    /** The server's title, when the address gets a link to confirm it. */
    confirmationTitle: string | undefined;
  },
): Promise<UserRow> {
  const { pending, id, now, passwordHash } = terms;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const { inviteCode } = terms;
      const invite = inviteCode === undefined ? undefined : await invites.takeInviteUse(trx, inviteCode, now);
      if (inviteCode !== undefined && !invite) throw await inviteRefusal(trx, inviteCode, now);
      const first = !(await hasAnyUser(trx)) && (await instance.claimFirstOwner(trx, id, now));
      const row = {
        ...profile,
        id,
        username_key: profile.username.toLowerCase(),
        email_key: emailKeyOf(profile.email),
        email_confirmed_at: null,
        // Welcomed by the web client when they first use it, then marked (docs/decisions/101).
        onboarded_at: null,
        password_hash: passwordHash,
        token_version: 0,
        created_at: now,
        updated_at: now,
        ...unmoderated,
        role: first ? 'owner' : 'user',
        // The owner has nobody to approve them.
        pending_since: pending && !first ? now : null,
        signup_reason: terms.reason,
        invite_id: invite?.id ?? null,
        signup_app_id: terms.signupAppId,
        header_url: '',
        // Anyone may quote a new account's posts until its preferences say otherwise (decision 092).
        quote_policy: 'anyone',
      } satisfies NewUserRow;
      await insertUser(trx, row);
      const user = { ...row, follower_count: 0, following_count: 0 };
      const title = terms.confirmationTitle;
      if (title !== undefined)
        await queueLink(trx, deps, { user, purpose: 'confirm', address: user.email, title });
      return user;
    });
  } catch (error) {
    // Two sign-ups racing for one name: the unique index decides.
    if (!(error instanceof HttpError) && (await findUserByUsername(deps.db, profile.username)))
      throw new HttpError(422, Messages.usernameTaken);
    // Or for one address.
    if (!(error instanceof HttpError) && profile.email && (await findUserByEmail(deps.db, profile.email)))
      throw new HttpError(409, emailTaken);
    throw error;
  }
}

export const emailTaken = 'That email is already in use by another account.';
export const emailNeeded =
  'Email address is required: this server confirms it by email before the account can log in.';
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

/** What a Mastodon app sends to sign someone up (`POST /api/v1/accounts`). */
export interface AccountRegistration {
  username: string;
  email: string;
  password: string;
  agreement: boolean;
  reason?: string | undefined;
  inviteCode?: string | undefined;
  /** The app whose own token asks: the only one that may ask for the confirmation link again (email.ts). */
  appId: string;
}

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
