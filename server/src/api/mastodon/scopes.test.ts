/**
 * The scope matrix: every route of the Mastodon API × every kind of caller, read from the route table,
 * so a new route cannot go unchecked. Each route declares who may call it (a person's token, any token,
 * anyone) and the scope it needs; the suite checks that
 * - without a token, a route for a person or a token answers 401 and a public read answers;
 * - a token whose scopes do not grant the route's answers 403 "outside the authorized scopes" (a public
 *   read answers it as if signed out);
 * - an app's own token (client_credentials), scope and all, answers 422 on a route for a person;
 * - a token with the route's scope gets past all of that.
 *
 * A new route: add a line to `routes` with its scope and who may call it (`request` when it needs real
 * ids, a query or a body to get past its own checks). The last test fails for a route missing here and
 * for a line naming no route.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grants, type Scope } from '../../platform/auth/scopes.js';
import { demoPassword, describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { accessToken, bearer, mastodonRoutes, registerApp, type OAuthToken } from '../../test/mastodon.js';
import { uniqueName } from '../../test/expectations.js';

/** Who may call a route: a person's token, any token (an app's own too), or anyone (a token optional). */
type Caller = 'person' | 'token' | 'anyone';

interface Fixtures {
  /** A post by someone else than the caller, and its author. */
  statusId: string;
  accountId: string;
  /** A new post of the caller's, to delete. */
  ownStatus(): Promise<string>;
  /** A report in the moderators' queue (the caller, maya.chen, is the owner). */
  reportId: string;
}

interface Call {
  path: string;
  body?: unknown;
}

interface Answer {
  status: number;
  body: { error?: string } | undefined;
}

/** How a route refuses a caller: without a token, with a token of other scopes, with an app's token. */
interface Refusals {
  noToken: Answer;
  outsideScopes: Answer;
  appToken: Answer;
}

/** Mastodon's REST answers. */
const restRefusals: Refusals = {
  noToken: { status: 401, body: { error: 'The access token is invalid' } },
  outsideScopes: { status: 403, body: { error: 'This action is outside the authorized scopes' } },
  appToken: { status: 422, body: { error: 'This method requires an authenticated user' } },
};

/** Mastodon's streaming server answers every refusal 401 (stream-connections.ts words them as it does). */
const streamingRefusals: Refusals = {
  noToken: { status: 401, body: { error: 'Missing access token' } },
  outsideScopes: { status: 401, body: { error: 'Access token does not have the required scopes' } },
  appToken: { status: 401, body: { error: 'This stream requires a token of a person, not of an app' } },
};

interface RouteRule {
  who: Caller;
  /** The scope a token must grant; none: any token will do (a person's, for `person`). */
  scope?: Scope;
  /** The request to make, when the path's parameters, a query or a body need real values. */
  request?(fixtures: Fixtures): Call | Promise<Call>;
  /** How it refuses, when not as the REST API does. */
  refusals?: Refusals;
}

/** Routes that take no token at all (OAuth, discovery): their suites check them. */
interface OpenRoute {
  open: string;
}

const withId =
  (path: string, query = '') =>
  (fixtures: Fixtures): Call => ({ path: `${path.replace(':id', fixtures.statusId)}${query}` });
const withAccount =
  (path: string, query = '') =>
  (fixtures: Fixtures): Call => ({ path: `${path.replace(':id', fixtures.accountId)}${query}` });

const routes: Record<string, RouteRule | OpenRoute> = {
  // Apps and OAuth (oauth.test.ts)
  'POST /api/v1/apps': { open: 'apps register themselves' },
  'GET /api/v1/apps/verify_credentials': { who: 'token', scope: 'read' },
  'POST /oauth/token': { open: 'the token endpoint authenticates the client' },
  'POST /oauth/revoke': { open: 'the revocation endpoint authenticates the client' },
  'GET /.well-known/oauth-authorization-server': { open: 'RFC 8414 metadata' },

  // Discovery and the instance (instance.test.ts)
  'GET /api/v1/instance': { open: 'discovery' },
  'GET /api/v1/instance/rules': { open: 'discovery' },
  'GET /api/v2/instance': { open: 'discovery' },
  'GET /.well-known/nodeinfo': { open: 'discovery' },
  'GET /.well-known/webfinger': { open: 'discovery' },
  'GET /.well-known/host-meta': { open: 'discovery' },
  'GET /nodeinfo/2.0': { open: 'discovery' },
  'GET /api/v1/custom_emojis': { open: 'a fixed empty list' },
  'GET /api/v1/trends/links': { open: 'a fixed empty list' },

  // Statuses and timelines
  'POST /api/v1/statuses': {
    who: 'person',
    scope: 'write:statuses',
    request: () => ({ path: '/api/v1/statuses', body: { status: 'scoped' } }),
  },
  // Media (media.test.ts): without a file or an upload of the caller's, past the scope check to a 422 or 404.
  'POST /api/v1/media': { who: 'person', scope: 'write:media' },
  'POST /api/v2/media': { who: 'person', scope: 'write:media' },
  'GET /api/v1/media/:id': { who: 'person', scope: 'write:media' },
  'PUT /api/v1/media/:id': { who: 'person', scope: 'write:media' },
  'DELETE /api/v1/media/:id': { who: 'person', scope: 'write:media' },
  'PUT /api/v1/statuses/:id': {
    who: 'person',
    scope: 'write:statuses',
    request: async (fixtures) => ({
      path: `/api/v1/statuses/${await fixtures.ownStatus()}`,
      body: { status: 'edited' },
    }),
  },
  'GET /api/v1/statuses/:id/history': {
    who: 'anyone',
    scope: 'read:statuses',
    request: withId('/api/v1/statuses/:id/history'),
  },
  'GET /api/v1/statuses/:id/source': { who: 'person', scope: 'read:statuses' },
  'PUT /api/v1/statuses/:id/interaction_policy': {
    who: 'person',
    scope: 'write:statuses',
    request: async (fixtures) => ({
      path: `/api/v1/statuses/${await fixtures.ownStatus()}/interaction_policy`,
      body: { quote_approval_policy: 'followers' },
    }),
  },
  'POST /api/v1/statuses/:id/quotes/:quoting_status_id/revoke': { who: 'person', scope: 'write:statuses' },
  'GET /api/v1/statuses/:id/quotes': {
    who: 'anyone',
    scope: 'read:statuses',
    request: withId('/api/v1/statuses/:id/quotes'),
  },
  'GET /api/v1/statuses/:id': {
    who: 'anyone',
    scope: 'read:statuses',
    request: withId('/api/v1/statuses/:id'),
  },
  'DELETE /api/v1/statuses/:id': {
    who: 'person',
    scope: 'write:statuses',
    request: async (fixtures) => ({ path: `/api/v1/statuses/${await fixtures.ownStatus()}` }),
  },
  'GET /api/v1/statuses/:id/context': {
    who: 'anyone',
    scope: 'read:statuses',
    request: withId('/api/v1/statuses/:id/context'),
  },
  'GET /api/v1/statuses/:id/favourited_by': {
    who: 'anyone',
    scope: 'read:accounts',
    request: withId('/api/v1/statuses/:id/favourited_by'),
  },
  'GET /api/v1/statuses/:id/reblogged_by': {
    who: 'anyone',
    scope: 'read:accounts',
    request: withId('/api/v1/statuses/:id/reblogged_by'),
  },
  'POST /api/v1/statuses/:id/reblog': {
    who: 'person',
    scope: 'write:statuses',
    request: withId('/api/v1/statuses/:id/reblog'),
  },
  'POST /api/v1/statuses/:id/unreblog': {
    who: 'person',
    scope: 'write:statuses',
    request: withId('/api/v1/statuses/:id/unreblog'),
  },
  'POST /api/v1/statuses/:id/favourite': {
    who: 'person',
    scope: 'write:favourites',
    request: withId('/api/v1/statuses/:id/favourite'),
  },
  'POST /api/v1/statuses/:id/unfavourite': {
    who: 'person',
    scope: 'write:favourites',
    request: withId('/api/v1/statuses/:id/unfavourite'),
  },
  'POST /api/v1/statuses/:id/bookmark': {
    who: 'person',
    scope: 'write:bookmarks',
    request: withId('/api/v1/statuses/:id/bookmark'),
  },
  'POST /api/v1/statuses/:id/unbookmark': {
    who: 'person',
    scope: 'write:bookmarks',
    request: withId('/api/v1/statuses/:id/unbookmark'),
  },
  // Any pin is refused (422) past these checks (statuses.test.ts): Sync pins nothing yet.
  'POST /api/v1/statuses/:id/pin': { who: 'person', scope: 'write:accounts' },
  'POST /api/v1/statuses/:id/unpin': {
    who: 'person',
    scope: 'write:accounts',
    request: withId('/api/v1/statuses/:id/unpin'),
  },
  'GET /api/v1/timelines/home': { who: 'person', scope: 'read:statuses' },
  'GET /api/v1/timelines/public': { who: 'anyone', scope: 'read:statuses' },
  'GET /api/v1/timelines/tag/:hashtag': {
    who: 'anyone',
    scope: 'read:statuses',
    request: () => ({ path: '/api/v1/timelines/tag/sourdough' }),
  },
  'GET /api/v1/favourites': { who: 'person', scope: 'read:favourites' },
  'GET /api/v1/bookmarks': { who: 'person', scope: 'read:bookmarks' },
  'GET /api/v1/scheduled_statuses': { who: 'person', scope: 'read:statuses' },
  'GET /api/v1/conversations': { who: 'person', scope: 'read:statuses' },
  'GET /api/v1/markers': {
    who: 'person',
    scope: 'read:statuses',
    request: () => ({ path: '/api/v1/markers?timeline[]=home' }),
  },
  'POST /api/v1/markers': {
    who: 'person',
    scope: 'write:statuses',
    request: (fixtures) => ({ path: '/api/v1/markers', body: { home: { last_read_id: fixtures.statusId } } }),
  },

  // Accounts
  'POST /api/v1/accounts': {
    who: 'token',
    scope: 'write:accounts',
    request: () => {
      const username = uniqueName('scoped');
      return {
        path: '/api/v1/accounts',
        body: {
          username,
          email: `${username}@example.org`,
          password: 'password123',
          agreement: true,
          locale: 'en',
        },
      };
    },
  },
  // Past who and scope, maya.chen's token is refused by the route itself: no app signed her up (emails.test.ts).
  'POST /api/v1/emails/confirmations': { who: 'person', scope: 'write:accounts' },
  'GET /api/v1/accounts': {
    who: 'anyone',
    scope: 'read:accounts',
    request: withAccount('/api/v1/accounts', '?id[]=:id'),
  },
  'GET /api/v1/accounts/verify_credentials': { who: 'person', scope: 'profile' },
  'PATCH /api/v1/accounts/update_credentials': {
    who: 'person',
    scope: 'write:accounts',
    request: () => ({ path: '/api/v1/accounts/update_credentials', body: {} }),
  },
  'GET /api/v1/accounts/lookup': {
    who: 'anyone',
    scope: 'read:accounts',
    request: () => ({ path: '/api/v1/accounts/lookup?acct=lena.k' }),
  },
  'GET /api/v1/accounts/search': {
    who: 'person',
    scope: 'read:accounts',
    request: () => ({ path: '/api/v1/accounts/search?q=lena' }),
  },
  'GET /api/v1/accounts/relationships': {
    who: 'person',
    scope: 'read:follows',
    request: withAccount('/api/v1/accounts/relationships', '?id[]=:id'),
  },
  'GET /api/v1/accounts/familiar_followers': {
    who: 'person',
    scope: 'read:follows',
    request: withAccount('/api/v1/accounts/familiar_followers', '?id[]=:id'),
  },
  'GET /api/v1/accounts/:id': {
    who: 'anyone',
    scope: 'read:accounts',
    request: withAccount('/api/v1/accounts/:id'),
  },
  'GET /api/v1/accounts/:id/statuses': {
    who: 'anyone',
    scope: 'read:statuses',
    request: withAccount('/api/v1/accounts/:id/statuses'),
  },
  'GET /api/v1/accounts/:id/followers': {
    who: 'anyone',
    scope: 'read:accounts',
    request: withAccount('/api/v1/accounts/:id/followers'),
  },
  'GET /api/v1/accounts/:id/following': {
    who: 'anyone',
    scope: 'read:accounts',
    request: withAccount('/api/v1/accounts/:id/following'),
  },
  'GET /api/v1/accounts/:id/featured_tags': {
    who: 'anyone',
    scope: 'read:accounts',
    request: withAccount('/api/v1/accounts/:id/featured_tags'),
  },
  'GET /api/v1/accounts/:id/lists': {
    who: 'person',
    scope: 'read:lists',
    request: withAccount('/api/v1/accounts/:id/lists'),
  },
  'POST /api/v1/accounts/:id/follow': {
    who: 'person',
    scope: 'write:follows',
    request: withAccount('/api/v1/accounts/:id/follow'),
  },
  'POST /api/v1/accounts/:id/unfollow': {
    who: 'person',
    scope: 'write:follows',
    request: withAccount('/api/v1/accounts/:id/unfollow'),
  },
  // Each undone by the next line's route, run right after it: the other routes use lena.k's status.
  'POST /api/v1/accounts/:id/block': {
    who: 'person',
    scope: 'write:blocks',
    request: withAccount('/api/v1/accounts/:id/block'),
  },
  'POST /api/v1/accounts/:id/unblock': {
    who: 'person',
    scope: 'write:blocks',
    request: withAccount('/api/v1/accounts/:id/unblock'),
  },
  'POST /api/v1/accounts/:id/mute': {
    who: 'person',
    scope: 'write:mutes',
    request: withAccount('/api/v1/accounts/:id/mute'),
  },
  'POST /api/v1/accounts/:id/unmute': {
    who: 'person',
    scope: 'write:mutes',
    request: withAccount('/api/v1/accounts/:id/unmute'),
  },
  'GET /api/v1/blocks': { who: 'person', scope: 'read:blocks' },
  'GET /api/v1/mutes': { who: 'person', scope: 'read:mutes' },
  'GET /api/v1/follow_requests': { who: 'person', scope: 'read:follows' },
  'GET /api/v1/followed_tags': { who: 'person', scope: 'read:follows' },
  'GET /api/v1/domain_blocks': { who: 'person', scope: 'read:blocks' },
  'GET /api/v1/endorsements': { who: 'person', scope: 'read:accounts' },
  'GET /api/v1/featured_tags': { who: 'person', scope: 'read:accounts' },
  'GET /api/v1/preferences': { who: 'person', scope: 'read:accounts' },
  'GET /api/v1/lists': { who: 'person', scope: 'read:lists' },
  'GET /api/v2/suggestions': { who: 'person', scope: 'read:accounts' },
  'GET /api/v1/announcements': { who: 'person' },

  // Keyword filters (filters.test.ts); an id that names none of the caller's is past the checks (404)
  'GET /api/v1/filters': { who: 'person', scope: 'read:filters' },
  'GET /api/v2/filters': { who: 'person', scope: 'read:filters' },
  'POST /api/v2/filters': {
    who: 'person',
    scope: 'write:filters',
    request: () => ({
      path: '/api/v2/filters',
      body: { title: 'Scoped', context: ['home'], keywords_attributes: [{ keyword: 'scoped' }] },
    }),
  },
  'GET /api/v2/filters/:id': { who: 'person', scope: 'read:filters' },
  'PUT /api/v2/filters/:id': { who: 'person', scope: 'write:filters' },
  'DELETE /api/v2/filters/:id': { who: 'person', scope: 'write:filters' },
  'GET /api/v2/filters/:id/keywords': { who: 'person', scope: 'read:filters' },
  'POST /api/v2/filters/:id/keywords': { who: 'person', scope: 'write:filters' },
  'GET /api/v2/filters/keywords/:id': { who: 'person', scope: 'read:filters' },
  'PUT /api/v2/filters/keywords/:id': { who: 'person', scope: 'write:filters' },
  'DELETE /api/v2/filters/keywords/:id': { who: 'person', scope: 'write:filters' },

  // Notifications
  'GET /api/v1/notifications': { who: 'person', scope: 'read:notifications' },
  'GET /api/v1/notifications/unread_count': { who: 'person', scope: 'read:notifications' },
  'GET /api/v1/notifications/:id': { who: 'person', scope: 'read:notifications' },
  'POST /api/v1/notifications/clear': { who: 'person', scope: 'write:notifications' },
  'POST /api/v1/notifications/:id/dismiss': { who: 'person', scope: 'write:notifications' },
  'GET /api/v2/notifications': { who: 'person', scope: 'read:notifications' },
  'GET /api/v2/notifications/unread_count': { who: 'person', scope: 'read:notifications' },
  'GET /api/v2/notifications/:group_key': { who: 'person', scope: 'read:notifications' },
  'GET /api/v2/notifications/:group_key/accounts': { who: 'person', scope: 'read:notifications' },
  'POST /api/v2/notifications/:group_key/dismiss': { who: 'person', scope: 'write:notifications' },
  'GET /api/v2/notifications/policy': { who: 'person', scope: 'read:notifications' },
  'PATCH /api/v2/notifications/policy': { who: 'person', scope: 'write:notifications' },
  'PUT /api/v2/notifications/policy': { who: 'person', scope: 'write:notifications' },

  // Search, tags, trends
  'GET /api/v2/search': {
    who: 'anyone',
    scope: 'read:search',
    request: () => ({ path: '/api/v2/search?q=sourdough' }),
  },
  'GET /api/v1/tags/:name': { who: 'anyone', request: () => ({ path: '/api/v1/tags/sourdough' }) },
  'GET /api/v1/trends': { who: 'anyone' },
  'GET /api/v1/trends/tags': { who: 'anyone' },
  'GET /api/v1/trends/statuses': { who: 'anyone', scope: 'read:statuses' },

  // Reports and the moderators' queue (reports.test.ts: a user who is not staff gets 403 there)
  'POST /api/v1/reports': {
    who: 'person',
    scope: 'write:reports',
    request: (fixtures) => ({ path: '/api/v1/reports', body: { account_id: fixtures.accountId } }),
  },
  'GET /api/v1/admin/reports': { who: 'person', scope: 'admin:read:reports' },
  'GET /api/v1/admin/reports/:id': {
    who: 'person',
    scope: 'admin:read:reports',
    request: (fixtures) => ({ path: `/api/v1/admin/reports/${fixtures.reportId}` }),
  },
  // Called as their pattern (an id ':id' names nobody): 404, past the checks of who and scope.
  'GET /api/v1/admin/reports/:id/media/:media_id': { who: 'person', scope: 'admin:read:reports' },
  'GET /api/v1/admin/reports/:id/media/:media_id/preview': { who: 'person', scope: 'admin:read:reports' },
  ...Object.fromEntries(
    ['assign_to_self', 'unassign', 'resolve', 'reopen'].map((action): [string, RouteRule] => [
      `POST /api/v1/admin/reports/:id/${action}`,
      {
        who: 'person',
        scope: 'admin:write:reports',
        request: (fixtures) => ({ path: `/api/v1/admin/reports/${fixtures.reportId}/${action}` }),
      },
    ]),
  ),
  // The moderators' accounts (admin-accounts.test.ts: a user who is not staff gets 403 there)
  'GET /api/v1/admin/accounts': { who: 'person', scope: 'admin:read:accounts' },
  'GET /api/v2/admin/accounts': { who: 'person', scope: 'admin:read:accounts' },
  'GET /api/v1/admin/accounts/:id': {
    who: 'person',
    scope: 'admin:read:accounts',
    request: withAccount('/api/v1/admin/accounts/:id'),
  },
  'POST /api/v1/admin/accounts/:id/action': {
    who: 'person',
    scope: 'admin:write:accounts',
    request: (fixtures) => ({
      path: `/api/v1/admin/accounts/${fixtures.accountId}/action`,
      body: { type: 'none', text: 'A scoped warning' },
    }),
  },
  // Called as their pattern (an id ':id' names nobody): 404, past the checks of who and scope.
  'POST /api/v1/admin/accounts/:id/unsuspend': { who: 'person', scope: 'admin:write:accounts' },
  'POST /api/v1/admin/accounts/:id/unsilence': { who: 'person', scope: 'admin:write:accounts' },
  'POST /api/v1/admin/accounts/:id/approve': { who: 'person', scope: 'admin:write:accounts' },
  'POST /api/v1/admin/accounts/:id/reject': { who: 'person', scope: 'admin:write:accounts' },
  'POST /api/v1/admin/accounts/:id/enable': {
    who: 'person',
    scope: 'admin:write:accounts',
    request: withAccount('/api/v1/admin/accounts/:id/enable'),
  },
  'POST /api/v1/admin/accounts/:id/unsensitive': {
    who: 'person',
    scope: 'admin:write:accounts',
    request: withAccount('/api/v1/admin/accounts/:id/unsensitive'),
  },

  // Streaming (streaming.test.ts: the WebSocket, the token as a parameter or protocol)
  'GET /api/v1/streaming': { open: 'the WebSocket; a plain GET is told to connect with one' },
  'GET /api/v1/streaming/health': { open: 'apps check the streaming server is up' },
  'GET /api/v1/streaming/user': { who: 'person', scope: 'read:statuses', refusals: streamingRefusals },
  'GET /api/v1/streaming/user/notification': {
    who: 'person',
    scope: 'read:notifications',
    refusals: streamingRefusals,
  },
  'GET /api/v1/streaming/public': { who: 'anyone', scope: 'read:statuses' },
  'GET /api/v1/streaming/public/local': { who: 'anyone', scope: 'read:statuses' },
  'GET /api/v1/streaming/hashtag': {
    who: 'anyone',
    scope: 'read:statuses',
    request: () => ({ path: '/api/v1/streaming/hashtag?tag=sourdough' }),
  },
  'GET /api/v1/streaming/hashtag/local': {
    who: 'anyone',
    scope: 'read:statuses',
    request: () => ({ path: '/api/v1/streaming/hashtag/local?tag=sourdough' }),
  },
};

/** Scopes to pick an unrelated one from: the first that does not grant the route's. */
const unrelatedScopes: Scope[] = ['write:media', 'read:lists', 'push'];

describeEachDatabase('Mastodon API: scopes', (dialect) => {
  let server: TestServer;
  let session: string;
  let fixtures: Fixtures;
  const personTokens = new Map<string, Promise<string>>();
  const appTokens = new Map<string, Promise<string>>();

  /** maya.chen's token for an app granted only `scope`. */
  const personToken = (scope: Scope) => {
    if (!personTokens.has(scope)) personTokens.set(scope, accessToken(server, session, { scopes: scope }));
    return personTokens.get(scope)!;
  };
  /** An app's own token (client_credentials) granted only `scope`. */
  const appToken = (scope: Scope) => {
    if (!appTokens.has(scope)) {
      appTokens.set(
        scope,
        (async () => {
          const app = await registerApp(server, {
            scopes: 'read write follow push profile admin:read admin:write',
          });
          const reply = await server.request<OAuthToken>('POST', '/oauth/token', {
            body: {
              grant_type: 'client_credentials',
              client_id: app.client_id,
              client_secret: app.client_secret,
              scope,
            },
          });
          expect(reply.status).toBe(200);
          return reply.body.access_token as string;
        })(),
      );
    }
    return appTokens.get(scope)!;
  };

  /**
   * A request as an app makes it, on a connection of its own; an event stream is answered once its head
   * arrives, and its connection closed (fetch would keep it for the next request, and the server's close
   * would wait for it).
   */
  const send = (method: string, call: Call, token?: string) =>
    new Promise<Answer>((resolve, reject) => {
      const headers: Record<string, string> = token ? { authorization: bearer(token) } : {};
      if (call.body !== undefined) headers['content-type'] = 'application/json';
      const request = http.request(
        `${server.url}${call.path}`,
        { method, headers, agent: false },
        (response) => {
          const status = response.statusCode ?? 0;
          if (response.headers['content-type']?.startsWith('text/event-stream')) {
            request.destroy();
            resolve({ status, body: undefined });
            return;
          }
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (part: string) => (text += part));
          response.on('end', () => resolve({ status, body: text ? JSON.parse(text) : undefined }));
        },
      );
      request.on('error', reject);
      request.end(call.body === undefined ? undefined : JSON.stringify(call.body));
    });

  beforeAll(async () => {
    server = await startServer(dialect);
    session = await server.login('maya.chen', demoPassword);
    const lena = await server.login('lena.k', demoPassword);
    const post = async (token: string) => {
      const reply = await server.request('POST', '/api/posts?return=post', {
        token,
        body: { postData: { content: 'A post to call routes with #sourdough' } },
      });
      expect(reply.status).toBe(201);
      return reply.body.post._id as string;
    };
    const statusId = await post(lena);
    const lenaUser = await server.request('GET', '/api/users/lena.k');
    const report = await server.request('POST', '/api/reports', {
      token: lena,
      body: { username: 'maya.chen', category: 'other' },
    });
    expect(report.status).toBe(201);
    fixtures = {
      statusId,
      accountId: lenaUser.body.user._id,
      ownStatus: () => post(session),
      reportId: report.body.report.id,
    };
  });
  afterAll(() => server.close());

  for (const [route, rule] of Object.entries(routes)) {
    if ('open' in rule) continue;
    const [method, pattern] = route.split(' ') as [string, string];
    const callOf = async () => (rule.request ? await rule.request(fixtures) : { path: pattern });
    const unrelated = unrelatedScopes.find((scope) => !rule.scope || !grants([scope], rule.scope))!;
    const granted: Scope = rule.scope ?? unrelated;
    const refusals = rule.refusals ?? restRefusals;

    describe(`${route} (${rule.who}${rule.scope ? `, ${rule.scope}` : ''})`, () => {
      it(rule.who === 'anyone' ? 'without a token: answered' : 'without a token: 401', async () => {
        const answer = await send(method, await callOf());
        if (rule.who === 'anyone') expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
        else expect(answer).toEqual(refusals.noToken);
      });

      if (rule.scope) {
        it(`a token of another scope (${unrelated}): ${rule.who === 'anyone' ? 'answered as signed out' : '403'}`, async () => {
          const answer = await send(method, await callOf(), await personToken(unrelated));
          if (rule.who === 'anyone') expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
          else expect(answer).toEqual(refusals.outsideScopes);
        });
      }

      it(`an app's own token with ${granted}: ${rule.who === 'person' ? '422' : 'answered'}`, async () => {
        const answer = await send(method, await callOf(), await appToken(granted));
        if (rule.who === 'person') expect(answer).toEqual(refusals.appToken);
        else expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
      });

      it(`a person's token with ${granted}: past the checks of who and scope`, async () => {
        const answer = await send(method, await callOf(), await personToken(granted));
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
        for (const refusal of Object.values(refusals)) expect(answer).not.toEqual(refusal);
        if (rule.request) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
      });
    });
  }

  it('every Mastodon route of the route table is in the matrix, and every line of the matrix is a route', () => {
    expect(mastodonRoutes(server)).toEqual(Object.keys(routes).sort());
  });
});
