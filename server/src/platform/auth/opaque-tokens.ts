import crypto from 'node:crypto';

/**
 * Secrets handed to OAuth clients (access tokens, authorization codes, client secrets): 256 random
 * bits as base64url without padding, so a browser can send one as a WebSocket subprotocol. The
 * database keeps only their SHA-256, so a copy of it signs nobody in.
 */
export const newSecret = (): string => crypto.randomBytes(32).toString('base64url');

export const secretHash = (secret: string): string =>
  crypto.createHash('sha256').update(secret).digest('hex');

/** PKCE (RFC 7636): whether `verifier` answers an S256 challenge (the only method Sync accepts). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  const given = Buffer.from(crypto.createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** Compares two secrets in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
