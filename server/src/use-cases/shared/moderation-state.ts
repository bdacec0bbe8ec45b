import type { Role } from '../../data/schema.js';
import { inForce } from '../../data/accounts.repo.js';
import type { UserRow } from '../../data/users.repo.js';
import { isStaff } from './roles.js';

/**
 * Whether a suspension or a limit is in force now. A timed one ends by itself: every check compares its
 * end with the clock, so it is over at its time whether or not the job that clears it has run yet.
 */
export function isSuspended(user: Pick<UserRow, 'suspended_at' | 'suspension_ends_at'>, now: Date): boolean {
  return inForce(user.suspended_at, user.suspension_ends_at, now);
}

export function isLimited(user: Pick<UserRow, 'limited_at' | 'limit_ends_at'>, now: Date): boolean {
  return inForce(user.limited_at, user.limit_ends_at, now);
}

/** Why a suspended person cannot sign in, nor use a token they had. */
export const suspendedMessage = 'This account is suspended.';

/** A suspended account's profile exists for the staff only: for everyone else it is not there (404). */
export function hiddenFrom(
  user: Pick<UserRow, 'suspended_at' | 'suspension_ends_at'>,
  viewerRole: Role | undefined,
  now: Date,
): boolean {
  return isSuspended(user, now) && !(viewerRole && isStaff(viewerRole));
}
