import * as oauth from '../../data/oauth.repo.js';
import { parseScopes, type Scope } from '../../platform/auth/scopes.js';
import { OAuthRefusal } from './domain-errors.js';
import type { Deps } from './deps.js';

/** The redirect URI of apps that show the code to copy instead of being redirected to. */
export const outOfBand = 'urn:ietf:wg:oauth:2.0:oob';
/** How long an authorization code may be exchanged. */
export const codeLifetimeMs = 10 * 60 * 1000;
/**
 * How long a code is kept after it was issued: a code presented again within that time still ends the
 * token it gave (RFC 6749 section 4.1.2). The scheduled jobs delete older ones.
 */
export const codeKeptMs = 24 * 60 * 60 * 1000;

export const invalidScope = (unknown: readonly string[]) =>
  new OAuthRefusal('invalid_scope', `Unknown scope: ${unknown.join(', ')}.`);

export function scopesOf(text: string | undefined): Scope[] {
  const parsed = parseScopes(text);
  if ('unknown' in parsed) throw invalidScope(parsed.unknown);
  return parsed.scopes;
}

export const storedScopes = (text: string): Scope[] => {
  const parsed = parseScopes(text);
  return 'scopes' in parsed ? parsed.scopes : [];
};

export interface AuthorizationRequest {
  response_type?: string | undefined;
  client_id?: string | undefined;
  redirect_uri?: string | undefined;
  scope?: string | undefined;
  state?: string | undefined;
  code_challenge?: string | undefined;
  code_challenge_method?: string | undefined;
}

export interface CheckedAuthorization {
  app: oauth.AppRow;
  redirectUri: string;
  /** Whether the request named the redirect URI: the token request must then name it again. */
  redirectUriNamed: boolean;
  scopes: Scope[];
  /** The S256 challenge (RFC 7636), when the app uses PKCE. */
  challenge: string | undefined;
  state: string | undefined;
}

/** Where the person's browser goes after their decision: the app's redirect URI, or the code to copy. */
export type Decision = { redirectTo: string } | { code: string };

/** The scheduled jobs' purge: codes issued more than `codeKeptMs` ago, exchanged or not. */
export async function purgeOldCodes(deps: Deps): Promise<void> {
  await oauth.deleteCodesBefore(deps.db, new Date(deps.clock.now().getTime() - codeKeptMs).toISOString());
}
