import { Limits } from '@sync/contract';
import { badRequest } from '../../platform/http/errors.js';

/** The rule for a password being set (sign-up, password change). */
export function checkNewPassword(password: string): void {
  if (password.length < Limits.passwordMin) {
    throw badRequest(`Password must be at least ${Limits.passwordMin} characters long.`);
  }
  if (password.length > Limits.passwordMax) {
    throw badRequest(`Password must be at most ${Limits.passwordMax} characters long.`);
  }
}
