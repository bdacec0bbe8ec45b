import { hash, verify } from '@node-rs/argon2';

/** Argon2id with the library's defaults (its default algorithm; a test checks the `$argon2id$` prefix). */
export const hashPassword = (password: string) => hash(password);

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
