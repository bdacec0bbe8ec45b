import { createRestAPIClient, MastoHttpError, type mastodon } from 'masto';
import { expect } from 'vitest';
import type { TestServer } from './harness.js';
import { newPerson, type Person } from './people.js';
import { routeTable } from './route-table.js';

/** An app registered on the server through `POST /api/v1/apps`, as a Mastodon app registers itself. */
export interface RegisteredApp {
  id: string;
  client_id: string;
  client_secret: string;
  redirect_uri: string;
}

/**
 * The token `/oauth/token` answers (RFC 6749 5.1, as Mastodon words it). Not in the contract, as the
 * app above is not: the suites name the fields they read.
 */
export interface OAuthToken {
  access_token: string;
  token_type: string;
  scope: string;
  created_at: number;
}

/** What `/.well-known/oauth-authorization-server` lists (RFC 8414), of what the suites read. */
export interface AuthorizationServerMetadata {
  grant_types_supported: string[];
  code_challenge_methods_supported: string[];
}

/** A refusal of Mastodon's API and of OAuth: `error`, and OAuth's `error_description` beside it. */
export interface MastodonError {
  error: string;
  error_description?: string;
}

export const testRedirectUri = 'https://app.example/callback';

export async function registerApp(
  server: Pick<TestServer, 'request'>,
  options: { scopes?: string; redirectUri?: string; name?: string } = {},
): Promise<RegisteredApp> {
  const reply = await server.request<RegisteredApp>('POST', '/api/v1/apps', {
    body: {
      client_name: options.name ?? 'Test app',
      redirect_uris: options.redirectUri ?? testRedirectUri,
      scopes: options.scopes ?? 'read write follow push',
      website: 'https://app.example',
    },
  });
  expect(reply.status).toBe(200);
  return reply.body;
}

/**
 * A person's access token for an app, through the whole flow the consent page runs: the person signs in
 * to Sync, approves on `POST /api/oauth/authorization`, and the app trades the code at `/oauth/token`.
 */
export async function accessToken(
  server: Pick<TestServer, 'request'>,
  sessionToken: string,
  options: { scopes?: string; app?: RegisteredApp } = {},
): Promise<string> {
  const app = options.app ?? (await registerApp(server, { scopes: options.scopes }));
  const scope = options.scopes ?? 'read write follow push';
  const decision = await server.request('POST', '/api/oauth/authorization', {
    token: sessionToken,
    body: { client_id: app.client_id, redirect_uri: app.redirect_uri, scope, decision: 'approve' },
  });
  expect(decision.status).toBe(200);
  if (!('redirectTo' in decision.body))
    throw new Error('the approval answered a code to copy, not a redirect');
  const code = new URL(decision.body.redirectTo).searchParams.get('code');
  const token = await server.request<OAuthToken>('POST', '/oauth/token', {
    body: {
      grant_type: 'authorization_code',
      client_id: app.client_id,
      client_secret: app.client_secret,
      redirect_uri: app.redirect_uri,
      code,
    },
  });
  expect(token.status).toBe(200);
  return token.body.access_token;
}

/** The `authorization` header of a Mastodon app's request. */
export const bearer = (token: string) => `Bearer ${token}`;

/** The status and Mastodon error text of a masto.js call that must fail. */
export async function failure(promise: PromiseLike<unknown>): Promise<{ status: number; error: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MastoHttpError) return { status: error.statusCode, error: error.message };
    throw error;
  }
  throw new Error('the request succeeded');
}

/** The `Link` header's targets by relation (`next`, `prev`). */
export function linksOf(header: string | null): Record<string, URL> {
  const links: Record<string, URL> = {};
  for (const match of (header ?? '').matchAll(/<([^>]+)>;\s*rel="(\w+)"/g))
    links[match[2]!] = new URL(match[1]!);
  return links;
}

/** A signed-up person with a Mastodon app signed in for them: their Sync session and the app's client. */
export interface AppUser extends Person {
  app: mastodon.rest.Client;
  accessToken: string;
}

export async function newAppUser(server: TestServer, prefix: string): Promise<AppUser> {
  const person = await newPerson(server, prefix);
  const token = await accessToken(server, person.token);
  return { ...person, accessToken: token, app: createRestAPIClient({ url: server.url, accessToken: token }) };
}

/** The paths of Sync's Mastodon API: everything else in the route table is Sync's own API or the web client. */
/** The Mastodon streaming API's routes: a WebSocket and server-sent event streams, no JSON answer. */
export const mastodonStreamingRoutes = [
  'GET /api/v1/streaming',
  'GET /api/v1/streaming/hashtag',
  'GET /api/v1/streaming/hashtag/local',
  'GET /api/v1/streaming/public',
  'GET /api/v1/streaming/public/local',
  'GET /api/v1/streaming/user',
  'GET /api/v1/streaming/user/notification',
];

const mastodonPath = /^\/(api\/v[12]\/|oauth\/|\.well-known\/|nodeinfo\/)/;

/** Every Mastodon route in the app's route table, as `METHOD /path`. */
export function mastodonRoutes(server: Pick<TestServer, 'app'>): string[] {
  const routes = routeTable(server).filter(({ path }) => mastodonPath.test(path));
  return [...new Set(routes.map(({ method, path }) => `${method} ${path}`))].sort();
}
