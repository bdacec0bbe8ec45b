import type { Db } from '../../data/database.js';
import * as oauth from '../../data/oauth.repo.js';
import { findUserByEmail, findUserById, findUserByUsername, type UserRow } from '../../data/users.repo.js';
import { newId } from '../../platform/db/ids.js';
import { newSecret, sameSecret, secretHash, verifierMatches } from '../../platform/auth/opaque-tokens.js';
import { parseScopes, scopeText, withinScopes, type Scope } from '../../platform/auth/scopes.js';
import { HttpError } from '../../platform/http/errors.js';
import type { Deps } from '../shared/deps.js';
import { commit } from '../shared/commit.js';
import { isSharedGuest, sharedGuestRefusals } from '../shared/shared-guest.js';
import { checkPasswordSignIn } from '../shared/sign-in.js';
import { mustConfirmEmail } from '../shared/instance-settings.js';
import { isSuspended } from '../shared/moderation-state.js';
import { outOfBand, codeLifetimeMs, invalidScope, scopesOf, storedScopes } from '../shared/oauth.js';
import { OAuthRefusal } from '../shared/domain-errors.js';

/**
 * The OAuth 2 provider of the Mastodon client API (RFC 6749 with PKCE, RFC 7636), as Mastodon runs it:
 * apps register themselves, a person approves one on the consent page, the app trades the code for a
 * token. Secrets are stored as hashes (platform/auth/opaque-tokens.ts). See docs/decisions/070.
 */

export type { AppRow } from '../../data/oauth.repo.js';
/** How often a token's "last used" time is written: reads should not each cost a write. */
const lastUsedPrecisionMs = 60 * 60 * 1000;

export const invalidClient = () =>
  new OAuthRefusal(
    'invalid_client',
    'Client authentication failed: unknown client_id or wrong client_secret.',
  );
const invalidGrant = (why: string) => new OAuthRefusal('invalid_grant', why);

export interface NewApp {
  client_name?: string | undefined;
  redirect_uris?: string | readonly string[] | undefined;
  scopes?: string | undefined;
  website?: string | undefined;
}

/** The longest URI kept (the columns' width): a longer one would fail to be stored, not be refused. */
const maxUriLength = 2000;

function checkRedirectUri(uri: string): string {
  if (uri === outOfBand) return uri;
  if (uri.length > maxUriLength)
    throw new HttpError(422, `Validation failed: Redirect URI is at most ${maxUriLength} characters.`);
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    throw new HttpError(422, `Validation failed: Redirect URI "${uri}" is not an absolute URI.`);
  }
  if (parsed.hash)
    throw new HttpError(422, `Validation failed: Redirect URI "${uri}" must not have a fragment.`);
  return uri;
}

/** The app's website is shown as a link on the consent page and in Settings: http(s) only. */
function checkWebsite(text: string | undefined): string | null {
  const website = text?.trim();
  if (!website) return null;
  const parsed = URL.canParse(website) ? new URL(website) : undefined;
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:'))
    throw new HttpError(422, 'Validation failed: Website is not an http or https URL.');
  if (website.length > maxUriLength)
    throw new HttpError(422, `Validation failed: Website is at most ${maxUriLength} characters.`);
  return website;
}

/** `POST /api/v1/apps`: a new app, with its client secret (shown this once). */
export async function registerApp(
  deps: Deps,
  input: NewApp,
): Promise<{ app: oauth.AppRow; clientSecret: string; scopes: Scope[] }> {
  const name = input.client_name?.trim() ?? '';
  if (!name) throw new HttpError(422, "Validation failed: Application name can't be blank.");
  if (name.length > 200)
    throw new HttpError(422, 'Validation failed: Application name is at most 200 characters.');
  // One text of URIs separated by spaces or lines, or a list (whose items may be such texts too).
  const given = typeof input.redirect_uris === 'string' ? [input.redirect_uris] : (input.redirect_uris ?? []);
  const redirectUris = given
    .flatMap((text) => text.split(/\s+/))
    .filter(Boolean)
    .map(checkRedirectUri);
  if (redirectUris.length === 0) throw new HttpError(422, "Validation failed: Redirect URI can't be blank.");
  const parsed = parseScopes(input.scopes);
  if ('unknown' in parsed)
    throw new HttpError(422, `Validation failed: Unknown scope: ${parsed.unknown.join(', ')}.`);
  const website = checkWebsite(input.website);
  const at = deps.clock.now();
  const clientSecret = newSecret();
  const app: oauth.AppRow = {
    id: newId(at),
    name,
    website,
    redirect_uris: redirectUris.join('\n'),
    scopes: scopeText(parsed.scopes),
    client_id: newSecret(),
    client_secret_hash: secretHash(clientSecret),
    created_at: at.toISOString(),
  };
  await oauth.insertApp(deps.db, app);
  return { app, clientSecret, scopes: parsed.scopes };
}

export interface TokenRequest {
  grant_type?: string | undefined;
  client_id?: string | undefined;
  client_secret?: string | undefined;
  code?: string | undefined;
  redirect_uri?: string | undefined;
  code_verifier?: string | undefined;
  scope?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
}

export interface IssuedToken {
  accessToken: string;
  scopes: Scope[];
  createdAt: Date;
}

async function authenticatedApp(deps: Deps, request: TokenRequest): Promise<oauth.AppRow> {
  const app = request.client_id ? await oauth.findAppByClientId(deps.db, request.client_id) : undefined;
  if (!app) throw invalidClient();
  // A public client using PKCE may leave its secret out; any secret given must be right.
  if (
    request.client_secret !== undefined &&
    !sameSecret(secretHash(request.client_secret), app.client_secret_hash)
  )
    throw invalidClient();
  return app;
}

/** An app that proved itself with its secret, as the grants without a code need. */
async function confidentialApp(deps: Deps, request: TokenRequest): Promise<oauth.AppRow> {
  const app = await authenticatedApp(deps, request);
  if (request.client_secret === undefined) throw invalidClient();
  return app;
}

/** The scopes asked for (`read` when none), within the app's own. */
function requestedScopes(app: oauth.AppRow, request: TokenRequest): Scope[] {
  const scopes = scopesOf(request.scope);
  const registered = storedScopes(app.scopes);
  if (!withinScopes(registered, scopes))
    throw invalidScope(scopes.filter((scope) => !withinScopes(registered, [scope])));
  return scopes;
}

/** Writes a token; `db` may be a transaction. */
async function writeToken(
  db: Db,
  at: Date,
  grant: { app: oauth.AppRow; userId: string | null; scopes: Scope[] },
): Promise<{ id: string; issued: IssuedToken }> {
  const accessToken = newSecret();
  const id = newId(at);
  await oauth.insertToken(db, {
    id,
    token_hash: secretHash(accessToken),
    app_id: grant.app.id,
    user_id: grant.userId,
    scopes: scopeText(grant.scopes),
    created_at: at.toISOString(),
    last_used_at: null,
  });
  return { id, issued: { accessToken, scopes: grant.scopes, createdAt: at } };
}

async function issueToken(
  deps: Deps,
  app: oauth.AppRow,
  userId: string | null,
  scopes: Scope[],
): Promise<IssuedToken> {
  return (await writeToken(deps.db, deps.clock.now(), { app, userId, scopes })).issued;
}

/** Why this code cannot be exchanged by this request, or undefined when it can. */
function refusalOfCode(
  code: oauth.CodeRow,
  app: oauth.AppRow,
  request: TokenRequest,
  now: Date,
): OAuthRefusal | undefined {
  if (code.app_id !== app.id) return unusableCode();
  if (now.getTime() - Date.parse(code.created_at) > codeLifetimeMs)
    return invalidGrant('The code has expired: codes are valid for 10 minutes. Sign in again.');
  if (request.redirect_uri === undefined && code.redirect_uri_named === 1)
    return new OAuthRefusal(
      'invalid_request',
      'The redirect_uri is missing: send the one the authorization request named (RFC 6749 section 4.1.3).',
    );
  if (request.redirect_uri !== undefined && request.redirect_uri !== code.redirect_uri)
    return invalidGrant('The redirect_uri is not the one the code was issued for.');
  if (code.code_challenge !== null) {
    if (
      code.code_challenge_method !== 'S256' ||
      !request.code_verifier ||
      !verifierMatches(request.code_verifier, code.code_challenge)
    )
      return invalidGrant('The code_verifier does not match the code_challenge.');
    return undefined;
  }
  // A verifier for a code issued without a challenge is a downgrade (RFC 9700 section 4.8.2).
  if (request.code_verifier !== undefined)
    return invalidGrant(
      'This code was issued without a code_challenge: it cannot be exchanged with a code_verifier.',
    );
  if (request.client_secret === undefined) return invalidClient();
  return undefined;
}

const unusableCode = () =>
  invalidGrant('The code is not valid: it is unknown, was used already or belongs to another app.');

/** A code traded for a token, or refused; `replayed`: the code, exchanged before. */
type CodeExchange = { issued: IssuedToken } | { refusal: OAuthRefusal; replayed?: oauth.CodeRow | undefined };

/**
 * `authorization_code`: the code is marked exchanged whatever the outcome (a refused attempt uses it up),
 * and remembers the token it gives. A code presented again is refused and that token ends.
 */
async function exchangeCode(deps: Deps, app: oauth.AppRow, request: TokenRequest): Promise<IssuedToken> {
  if (!request.code) throw new OAuthRefusal('invalid_request', 'The code is missing.');
  const codeHash = secretHash(request.code);
  const now = deps.clock.now();
  const outcome = await commit(deps, async (trx): Promise<CodeExchange> => {
    const code = await oauth.claimCode(trx, codeHash, now.toISOString());
    if (!code) return { refusal: unusableCode(), replayed: await oauth.findCode(trx, codeHash) };
    const refusal = refusalOfCode(code, app, request, now);
    if (refusal) return { refusal };
    const { id, issued } = await writeToken(trx, now, {
      app,
      userId: code.user_id,
      scopes: storedScopes(code.scopes),
    });
    await oauth.recordCodeToken(trx, codeHash, id);
    return { issued };
  });
  if ('issued' in outcome) return outcome.issued;
  const tokenId = outcome.replayed?.token_id;
  if (tokenId)
    await commit(deps, async (trx, effects) => {
      if (await oauth.deleteTokenById(trx, tokenId))
        effects.publish({ type: 'tokens-revoked', tokenIds: [tokenId] });
    });
  throw outcome.refusal;
}

/** The words for a wrong password and for no such account: the grant does not tell which. */
const wrongCredentials = 'The username (or email address) or the password is not correct.';

/**
 * `password` (RFC 6749 section 4.3), as `toot login_cli` and scripts sign in: the login's own check and
 * refusals (shared/sign-in.ts), in OAuth's words. An address finds the account as a username does
 * (Mastodon signs in by address; Sync by username, and an address is optional).
 */
async function passwordGrant(deps: Deps, request: TokenRequest): Promise<IssuedToken> {
  const app = await confidentialApp(deps, request);
  const scopes = requestedScopes(app, request);
  const login = request.username?.trim() ?? '';
  const user = login.includes('@')
    ? await findUserByEmail(deps.db, login)
    : login
      ? await findUserByUsername(deps.db, login)
      : undefined;
  const check = await checkPasswordSignIn(deps, user, request.password ?? '');
  if ('refused' in check) throw invalidGrant(check.refused === 'held' ? check.why : wrongCredentials);
  // An app holding the shared guest's access would act for everyone who uses it.
  if (await isSharedGuest(deps, check.signedIn.id)) throw invalidGrant(sharedGuestRefusals.apps);
  return issueToken(deps, app, check.signedIn.id, scopes);
}

const grantTypes = ['authorization_code', 'client_credentials', 'password'] as const;
/** What `/.well-known/oauth-authorization-server` lists: the grants `exchangeToken` takes. */
export const grantTypesSupported: readonly string[] = grantTypes;

/** `POST /oauth/token`: `authorization_code` (with PKCE), `client_credentials` or `password`. */
export async function exchangeToken(deps: Deps, request: TokenRequest): Promise<IssuedToken> {
  switch (request.grant_type) {
    case 'authorization_code':
      return exchangeCode(deps, await authenticatedApp(deps, request), request);
    case 'client_credentials': {
      const app = await confidentialApp(deps, request);
      return issueToken(deps, app, null, requestedScopes(app, request));
    }
    case 'password':
      return passwordGrant(deps, request);
    default:
      throw new OAuthRefusal('unsupported_grant_type', `grant_type must be ${grantTypes.join(', ')}.`);
  }
}

/** `POST /oauth/revoke`: the token stops working; revoking an unknown token is not an error (RFC 7009). */
export async function revokeToken(
  deps: Deps,
  request: TokenRequest & { token?: string | undefined },
): Promise<void> {
  const app = await authenticatedApp(deps, request);
  const { token } = request;
  if (!token) throw new OAuthRefusal('invalid_request', 'The token to revoke is missing.');
  await commit(deps, async (trx, effects) => {
    const revoked = await oauth.deleteToken(trx, secretHash(token), app.id);
    // Its open streams end, on every process.
    if (revoked) effects.publish({ type: 'tokens-revoked', tokenIds: [revoked] });
  });
}

/** Who a bearer token acts for: a person (with their row), or only an app (client_credentials). */
export interface Access {
  tokenId: string;
  app: { id: string };
  scopes: Scope[];
  user: UserRow | undefined;
  /** The person must confirm their address before acting (`required` confirmation, decision 100). */
  emailUnconfirmed: boolean;
}

/** The access a bearer token gives, or undefined for a token that is not (or no longer) ours. */
export async function accessOf(
  deps: Deps,
  token: string,
  readUser: (id: string) => Promise<UserRow | undefined> = (id) => findUserById(deps.db, id),
): Promise<Access | undefined> {
  const row = await oauth.findToken(deps.db, secretHash(token));
  if (!row) return undefined;
  const user = row.user_id === null ? undefined : await readUser(row.user_id);
  const now = deps.clock.now();
  // A suspension deletes the person's tokens; one issued as it began is refused all the same.
  if (row.user_id !== null && (!user || isSuspended(user, now))) return undefined;
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) > lastUsedPrecisionMs)
    await oauth.touchToken(deps.db, row.id, now.toISOString());
  const emailUnconfirmed = user !== undefined && (await mustConfirmEmail(deps.db, user));
  return {
    tokenId: row.id,
    app: { id: row.app_id },
    scopes: storedScopes(row.scopes),
    user,
    emailUnconfirmed,
  };
}

/** `GET /api/v1/apps/verify_credentials`: the app a token belongs to. */
export async function appOfAccess(deps: Deps, access: Access): Promise<oauth.AppRow> {
  const app = await oauth.findAppById(deps.db, access.app.id);
  if (!app) throw new HttpError(401, 'The access token is invalid');
  return app;
}

/**
 * `POST /api/v1/accounts`: a token for the account an app just signed up, for that app, with the
 * scopes of the token it signed up with (as Mastodon gives it).
 */
export async function tokenForNewAccount(deps: Deps, access: Access, userId: string): Promise<IssuedToken> {
  return issueToken(deps, await appOfAccess(deps, access), userId, access.scopes);
}
