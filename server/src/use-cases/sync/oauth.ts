import * as oauth from '../../data/oauth.repo.js';
import { type UserRow } from '../../data/users.repo.js';
import { newSecret, secretHash } from '../../platform/auth/opaque-tokens.js';
import { scopeText, withinScopes } from '../../platform/auth/scopes.js';
import { HttpError } from '../../platform/http/errors.js';
import type { Deps } from '../shared/deps.js';
import { commit } from '../shared/commit.js';
import { refuseSharedGuest } from '../shared/shared-guest.js';
import {
  outOfBand,
  scopesOf,
  storedScopes,
  AuthorizationRequest,
  CheckedAuthorization,
  Decision,
} from '../shared/oauth.js';
import { OAuthRefusal } from '../shared/domain-errors.js';

/** An S256 challenge or a verifier (RFC 7636 section 4.1): 43 to 128 unreserved characters. */
const pkceValue = /^[A-Za-z0-9\-._~]{43,128}$/;

/**
 * What the consent page shows, checked: the app exists, the redirect URI is one it registered, the
 * scopes are within its own. Problems here are shown to the person, never redirected to the app
 * (RFC 6749 section 4.1.2.1: an unchecked redirect URI must not be followed).
 */
export async function checkAuthorization(
  deps: Deps,
  request: AuthorizationRequest,
): Promise<CheckedAuthorization> {
  if (request.response_type !== undefined && request.response_type !== 'code')
    throw new OAuthRefusal('unsupported_response_type', 'Only response_type=code is supported.');
  const app = request.client_id ? await oauth.findAppByClientId(deps.db, request.client_id) : undefined;
  if (!app) throw new OAuthRefusal('invalid_client', 'No app is registered with this client_id.');
  const registered = app.redirect_uris.split('\n');
  const redirectUri = request.redirect_uri ?? (registered.length === 1 ? registered[0]! : '');
  if (!registered.includes(redirectUri))
    throw new OAuthRefusal('invalid_request', 'The redirect_uri is not one this app registered.');
  // No scope asked for is `read`, as Mastodon documents, not everything the app registered.
  const scopes = scopesOf(request.scope);
  if (!withinScopes(storedScopes(app.scopes), scopes))
    throw new OAuthRefusal('invalid_scope', `This app registered only the scopes "${app.scopes}".`);
  if (request.code_challenge) {
    // Without a method, RFC 7636 reads the challenge as plain, which RFC 9700 section 2.1.1 rules out.
    if (request.code_challenge_method !== 'S256')
      throw new OAuthRefusal(
        'invalid_request',
        'code_challenge_method must be S256: the plain method is not accepted (RFC 9700).',
      );
    if (!pkceValue.test(request.code_challenge))
      throw new OAuthRefusal(
        'invalid_request',
        'code_challenge must be 43 to 128 characters: letters, digits, "-", ".", "_" and "~" (RFC 7636).',
      );
  }
  return {
    app,
    redirectUri,
    redirectUriNamed: request.redirect_uri !== undefined,
    scopes,
    challenge: request.code_challenge || undefined,
    state: request.state,
  };
}

/** Whether this person already approved this app with these scopes: the consent page may be skipped. */
export async function alreadyApproved(
  deps: Deps,
  userId: string,
  checked: CheckedAuthorization,
): Promise<boolean> {
  // The same scopes in any order ("read write" is "write read").
  const asked = new Set<string>(checked.scopes);
  return (await oauth.tokenScopes(deps.db, userId, checked.app.id)).some((text) => {
    const held = new Set(text.split(' '));
    return held.size === asked.size && [...asked].every((scope) => held.has(scope));
  });
}

function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/** The person approved: a code for the app, usable once within `codeLifetimeMs`. */
export async function approve(deps: Deps, viewer: UserRow, checked: CheckedAuthorization): Promise<Decision> {
  // An app holding the shared guest's access would act for everyone who uses it.
  await refuseSharedGuest(deps, viewer, 'apps');
  const code = newSecret();
  await oauth.insertCode(deps.db, {
    code_hash: secretHash(code),
    app_id: checked.app.id,
    user_id: viewer.id,
    redirect_uri: checked.redirectUri,
    redirect_uri_named: checked.redirectUriNamed ? 1 : 0,
    scopes: scopeText(checked.scopes),
    code_challenge: checked.challenge ?? null,
    code_challenge_method: checked.challenge === undefined ? null : 'S256',
    created_at: deps.clock.now().toISOString(),
    exchanged_at: null,
    token_id: null,
  });
  if (checked.redirectUri === outOfBand) return { code };
  return { redirectTo: withParams(checked.redirectUri, { code, state: checked.state }) };
}

/** The person refused: the app hears `access_denied`. */
export function deny(checked: CheckedAuthorization): Decision {
  if (checked.redirectUri === outOfBand) return { redirectTo: '/' };
  return { redirectTo: withParams(checked.redirectUri, { error: 'access_denied', state: checked.state }) };
}

/** Settings → Authorized apps. */
export const authorizedApps = (deps: Deps, userId: string) => oauth.authorizedApps(deps.db, userId);

/** Settings → Authorized apps → Revoke: every token the app holds for this person stops working. */
export async function revokeApp(deps: Deps, userId: string, appId: string): Promise<void> {
  const revoked = await commit(deps, async (trx, effects) => {
    const deleted = await oauth.deleteTokensOfApp(trx, userId, appId);
    if (deleted.length > 0) effects.publish({ type: 'tokens-revoked', tokenIds: deleted });
    return deleted;
  });
  if (revoked.length === 0) throw new HttpError(404, 'This app has no access to your account.');
}
