import { InstanceLimits, Limits } from '@sync/contract';
import * as instance from '../../data/instance.repo.js';
import * as invites from '../../data/invites.repo.js';
import * as accounts from '../../data/accounts.repo.js';
import {
  emailKeyOf,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  hasAnyUser,
  insertLogin,
  unmoderated,
  type UserRow,
} from '../../data/users.repo.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { newId } from '../../platform/db/ids.js';
import type { Deps } from './deps.js';
import { commit } from './commit.js';
import { queueLink } from './email-links.js';
import { currentRegistrationsMode, instanceSettings } from './instance-settings.js';
import { Invalid, NotAllowed, Taken, Unacceptable, isDomainError } from './domain-errors.js';
import { checkText } from './text.js';

/** Words that are paths under /api/users, so they cannot be usernames. */
export const reservedUsernames = new Set([
  'bookmark',
  'edit',
  'follow',
  'unfollow',
  'remove-bookmark',
  'suggestions',
]);
export const usernamePattern = /^[A-Za-z0-9_.]+$/;

/** Why sign-up refuses a username (trimmed) before looking for an account that has it. */
export function usernameProblem(
  username: string,
): { reason: 'invalid' | 'reserved'; message: string } | undefined {
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

export function checkUsername(value: string): string {
  const username = value.trim();
  const problem = usernameProblem(username);
  if (problem) throw new Invalid('username', problem.message);
  return username;
}

/** A new account's profile and password, checked. */
export type AccountFields = Pick<
  UserRow,
  'username' | 'first_name' | 'last_name' | 'email' | 'bio' | 'links' | 'city' | 'avatar_url'
> & { password: string };

/** What a person gives to join besides their profile: the server's registrations decide what is needed. */
export interface Terms {
  reason: string;
  inviteCode: string | undefined;
  /** Whether they accepted the rules; undefined: not asked (the spec's client has no such checkbox). */
  agreement: boolean | undefined;
  /** The Mastodon app signing them up; null on Sync's own pages. */
  signupAppId: string | null;
}

export const checkReason = (reason: string | undefined) =>
  checkText(reason ?? '', { label: 'Reason', max: InstanceLimits.signupReasonMax, required: false });

/** The address's domain and every domain above it: a block of example.com refuses mail.example.com too. */
export function domainsOf(email: string): string[] {
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
export async function admission(deps: Deps, email: string, terms: Terms): Promise<{ pending: boolean }> {
  if (email) {
    const blocked = await instance.blockedDomainAmong(deps.db, domainsOf(email));
    if (blocked)
      throw new Unacceptable(`Sign-ups with an email address at ${blocked} are not accepted on this server.`);
  }
  if (terms.agreement === false && (await instance.activeRules(deps.db)).length > 0)
    throw new Unacceptable("To sign up, please accept the server's rules.");
  if (terms.inviteCode !== undefined) return { pending: false };
  switch (await currentRegistrationsMode(deps.db)) {
    case 'open':
      return { pending: false };
    case 'approval':
      if (!terms.reason)
        throw new Unacceptable(
          'Sign-ups on this server are approved by its moderators: tell them why you want to join.',
        );
      return { pending: true };
    case 'invite':
      throw new NotAllowed('Sign-ups on this server are by invitation only: you need an invite link.');
    case 'closed':
      throw new NotAllowed('Sign-ups on this server are closed.');
  }
}

/** Why an invite code let nobody in. */
export async function inviteRefusal(db: Deps['db'], code: string, now: string): Promise<NotAllowed> {
  const invite = await invites.findInviteByCode(db, code);
  if (invite?.revoked_at) return new NotAllowed('This invite link was withdrawn.');
  if (invite?.expires_at && invite.expires_at <= now) return new NotAllowed('This invite link has expired.');
  if (invite) return new NotAllowed('This invite link has been used as many times as it allows.');
  return new NotAllowed('This invite link is not valid: check that it was copied whole.');
}

/**
 * Writes a new account: its invite's use counted, the first account of the server made the owner, one
 * waiting for approval marked so (it cannot sign in until a moderator lets it in).
 */
export async function createAccount(deps: Deps, fields: AccountFields, terms: Terms): Promise<UserRow> {
  if (await findUserByUsername(deps.db, fields.username)) throw new Taken('username');
  const { emailConfirmation, title } = await instanceSettings(deps.db, deps.mail.instance);
  if (emailConfirmation === 'required' && !fields.email) throw new Invalid('email', emailNeeded);
  if (fields.email && (await findUserByEmail(deps.db, fields.email))) throw new Taken('email');
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
export async function insertAccount(
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
    return await commit(deps, async (trx, effects) => {
      const { inviteCode } = terms;
      const invite = inviteCode === undefined ? undefined : await invites.takeInviteUse(trx, inviteCode, now);
      if (inviteCode !== undefined && !invite) throw await inviteRefusal(trx, inviteCode, now);
      const first = !(await hasAnyUser(trx)) && (await instance.claimFirstOwner(trx, id, now));
      const { email, ...actor } = profile;
      await accounts.insertAccount(trx, {
        ...actor,
        id,
        username_key: profile.username.toLowerCase(),
        header_url: '',
        created_at: now,
        updated_at: now,
      });
      await insertLogin(trx, {
        account_id: id,
        email,
        email_key: emailKeyOf(email),
        email_confirmed_at: null,
        // Welcomed by the web client when they first use it, then marked (docs/decisions/101).
        onboarded_at: null,
        password_hash: passwordHash,
        token_version: 0,
        created_at: now,
        ...unmoderated,
        role: first ? 'owner' : 'user',
        // The owner has nobody to approve them.
        pending_since: pending && !first ? now : null,
        signup_reason: terms.reason,
        invite_id: invite?.id ?? null,
        signup_app_id: terms.signupAppId,
        // Anyone may quote a new account's posts until its preferences say otherwise (decision 092).
        quote_policy: 'anyone',
      });
      const user = await findUserById(trx, id);
      if (!user) throw new Error(`The account ${id} just written is not there`);
      const title = terms.confirmationTitle;
      if (title !== undefined)
        await queueLink(trx, effects, deps, { user, purpose: 'confirm', address: user.email, title });
      return user;
    });
  } catch (error) {
    // Two sign-ups racing for one name: the unique index decides.
    if (!isDomainError(error) && (await findUserByUsername(deps.db, profile.username)))
      throw new Taken('username');
    // Or for one address.
    if (!isDomainError(error) && profile.email && (await findUserByEmail(deps.db, profile.email)))
      throw new Taken('email');
    throw error;
  }
}

export const emailNeeded =
  'Email address is required: this server confirms it by email before the account can log in.';

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
