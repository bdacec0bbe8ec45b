import { hash, verify } from '@node-rs/argon2';
import { Limits } from '@sync/contract';
import { badRequest } from '../http/errors.js';

/** The rule for a password being set (sign-up, password change). */
export function checkNewPassword(password: string): void {
  if (password.length < Limits.passwordMin) {
    throw badRequest(`Password must be at least ${Limits.passwordMin} characters long.`);
  }
  if (password.length > Limits.passwordMax) {
    throw badRequest(`Password must be at most ${Limits.passwordMax} characters long.`);
  }
}

/** Argon2id with the library's defaults (its default algorithm; a test checks the `$argon2id$` prefix). */
export const hashPassword = (password: string) => hash(password);

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
