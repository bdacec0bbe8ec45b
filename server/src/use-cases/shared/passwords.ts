import { Limits } from '@sync/contract';
import { Invalid } from './domain-errors.js';

/** The rule for a password being set (sign-up, password change). */
export function checkNewPassword(password: string): void {
  if (password.length < Limits.passwordMin) {
    throw new Invalid('password', `Password must be at least ${Limits.passwordMin} characters long.`);
  }
  if (password.length > Limits.passwordMax) {
    throw new Invalid('password', `Password must be at most ${Limits.passwordMax} characters long.`);
  }
}
