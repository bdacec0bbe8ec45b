import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Clock } from '../../clock.js';
import { ensurePrivateDirectory } from '../ops/private-files.js';

export interface TokenClaims {
  _id: string;
  username: string;
  /** The user's `token_version` at signing; tokens from before versions existed have none (0). */
  ver: number;
}

export interface TokenService {
  sign(claims: TokenClaims): string;
  /** The claims of a valid token, or null for a malformed, forged or expired one. */
  verify(token: string): TokenClaims | null;
}

/** JWT_SECRET when given; otherwise a secret generated on first start and kept beside the data. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  ensurePrivateDirectory(dataDir);
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/**
 * HS256 JSON Web Tokens, signed and verified with node:crypto's HMAC: synchronous, a few microseconds,
 * where the WebCrypto route (jose) cost an async round trip on every request. The format is the
 * standard one, so tokens issued before stay valid.
 */
export function createTokenService(secret: string, ttlSeconds: number, clock: Clock): TokenService {
  const header = encodeJson({ alg: 'HS256' });
  const signature = (signingInput: string) =>
    crypto.createHmac('sha256', secret).update(signingInput).digest();
  return {
    sign(claims) {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      const payload = encodeJson({ ...claims, iat: issuedAt, exp: issuedAt + ttlSeconds });
      const signingInput = `${header}.${payload}`;
      return `${signingInput}.${signature(signingInput).toString('base64url')}`;
    },
    verify(token) {
      const [encodedHeader, encodedPayload, encodedSignature, extra] = token.split('.');
      if (!encodedHeader || !encodedPayload || !encodedSignature || extra !== undefined) return null;
      const given = Buffer.from(encodedSignature, 'base64url');
      const expected = signature(`${encodedHeader}.${encodedPayload}`);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      const head = decodeJson(encodedHeader);
      const payload = decodeJson(encodedPayload);
      if (head?.alg !== 'HS256' || !payload) return null;
      const now = clock.now().getTime() / 1000;
      if (typeof payload.exp !== 'number' || payload.exp <= now) return null;
      if (typeof payload.nbf === 'number' && payload.nbf > now) return null;
      if (typeof payload._id !== 'string' || typeof payload.username !== 'string') return null;
      // Tokens from before token versions (no `ver`) are version 0.
      const ver = typeof payload.ver === 'number' ? payload.ver : 0;
      return { _id: payload._id, username: payload.username, ver };
    },
  };
}

const encodeJson = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function decodeJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
