/**
 * Every answer of the Mastodon API against the entity Mastodon's documentation declares for it
 * (test/mastodon-entities.ts): each route of the route table is called, on a server whose people have
 * posted, quoted, reblogged, filtered, reported and been warned, and its answer is held to its entity
 * field by field. The last test fails for a route missing here (or a line naming no route), so a new
 * route cannot answer unchecked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { png } from '../../test/images.js';
import { accessToken, bearer, mastodonRoutes, registerApp, type OAuthToken } from '../../test/mastodon.js';
import { expectEntity, type EntityShape } from '../../test/mastodon-entities.js';
import { sendFile } from '../../test/uploads.js';
import { uniqueName } from '../../test/expectations.js';

interface Fixtures {
  /** maya.chen, the owner, with a token of every scope; lena.k, a member. */
  maya: string;
  lena: string;
  mayaId: string;
  lenaId: string;
  /** lena.k's post mentioning maya.chen, with a hashtag and a keyword maya.chen filters with a warning. */
  lenaStatus: string;
  /** maya.chen's edited post with an image, and lena.k's quote of it. */
  mayaStatus: string;
  quotingStatus: string;
  mediaId: string;
  filterId: string;
  keywordId: string;
  reportId: string;
  notificationId: string;
  groupKey: string;
  /** A suspended person. */
  suspendedId: string;
  /** Sign-ups waiting for a moderator. */
  pending: string[];
  /** An app's own token (client_credentials), and the app. */
  appToken: string;
  app: { client_id: string; client_secret: string };
  /** A new post of maya.chen's. */
  ownStatus(): Promise<string>;
}

interface Call {
  path: string;
  body?: unknown;
  /** The token sent; maya.chen's by default. */
  token?: string | null;
}

interface Answered {
  entity: EntityShape;
  /** The request, when the route's parameters, query or body need real values. */
  call?(fixtures: Fixtures): Call | Promise<Call>;
  /** When not 200: Sync refuses the route by design (its answer is then Mastodon's Error). */
  status?: number;
}

/** Routes whose answer is no Mastodon entity: another specification's document, or a stream. */
interface Outside {
  outside: string;
}

const at =
  (path: (fixtures: Fixtures) => string, body?: (fixtures: Fixtures) => unknown) =>
  (fixtures: Fixtures): Call => ({ path: path(fixtures), body: body?.(fixtures) });

const routes: Record<string, Answered | Outside> = {
  'POST /api/v1/apps': {
    entity: 'CredentialApplication',
    call: () => ({
      path: '/api/v1/apps',
      body: { client_name: 'Entities', redirect_uris: 'https://app.example/callback', scopes: 'read' },
      token: null,
    }),
  },
  'GET /api/v1/apps/verify_credentials': { entity: 'Application' },
  'POST /oauth/token': {
    entity: 'Token',
    call: ({ app }) => ({
      path: '/oauth/token',
      body: { grant_type: 'client_credentials', ...app, scope: 'read' },
      token: null,
    }),
  },
  'POST /oauth/revoke': {
    entity: 'Empty',
    call: async ({ app }) => ({
      path: '/oauth/revoke',
      body: { ...app, token: 'not-a-token-of-this-app' },
      token: null,
    }),
  },
  'GET /.well-known/oauth-authorization-server': { outside: 'RFC 8414 metadata (oauth.test.ts)' },
  'GET /.well-known/nodeinfo': { outside: 'NodeInfo (instance.test.ts)' },
  'GET /nodeinfo/2.0': { outside: 'NodeInfo (instance.test.ts)' },
  'GET /.well-known/webfinger': { outside: 'RFC 7033 (instance.test.ts)' },
  'GET /.well-known/host-meta': { outside: 'RFC 6415 (instance.test.ts)' },
  'GET /api/v1/streaming': { outside: 'a WebSocket (streaming.test.ts holds its events to these entities)' },
  'GET /api/v1/streaming/health': { outside: 'plain text "OK"' },
  'GET /api/v1/streaming/user': { outside: 'an event stream' },
  'GET /api/v1/streaming/user/notification': { outside: 'an event stream' },
  'GET /api/v1/streaming/public': { outside: 'an event stream' },
  'GET /api/v1/streaming/public/local': { outside: 'an event stream' },
  'GET /api/v1/streaming/hashtag': { outside: 'an event stream' },
  'GET /api/v1/streaming/hashtag/local': { outside: 'an event stream' },

  'GET /api/v1/instance': { entity: 'V1Instance' },
  'GET /api/v2/instance': { entity: 'Instance' },
  'GET /api/v1/instance/rules': { entity: ['Rule'] },
  'GET /api/v1/custom_emojis': { entity: ['CustomEmoji'] },
  'GET /api/v1/trends/links': { entity: ['TrendsLink'] },
  'GET /api/v1/trends': { entity: ['Tag'] },
  'GET /api/v1/trends/tags': { entity: ['Tag'] },
  'GET /api/v1/trends/statuses': { entity: ['Status'] },
  'GET /api/v1/tags/:name': { entity: 'Tag', call: () => ({ path: '/api/v1/tags/sourdough' }) },
  'GET /api/v2/search': { entity: 'Search', call: () => ({ path: '/api/v2/search?q=sourdough' }) },

  'GET /api/v1/accounts/verify_credentials': { entity: 'CredentialAccount' },
  'PATCH /api/v1/accounts/update_credentials': {
    entity: 'CredentialAccount',
    call: () => ({ path: '/api/v1/accounts/update_credentials', body: { note: 'I bake #sourdough.' } }),
  },
  'POST /api/v1/accounts': {
    entity: 'Token',
    call: ({ appToken }) => {
      const username = uniqueName('entity');
      return {
        path: '/api/v1/accounts',
        body: {
          username,
          email: `${username}@example.org`,
          password: 'password123',
          agreement: true,
          locale: 'en',
        },
        token: appToken,
      };
    },
  },
  // maya.chen was not signed up by an app: refused (emails.test.ts covers the confirmation itself).
  'POST /api/v1/emails/confirmations': { entity: 'Error', status: 403 },
  'GET /api/v1/accounts': { entity: ['Account'], call: at((f) => `/api/v1/accounts?id[]=${f.lenaId}`) },
  'GET /api/v1/accounts/lookup': {
    entity: 'Account',
    call: () => ({ path: '/api/v1/accounts/lookup?acct=lena.k' }),
  },
  'GET /api/v1/accounts/search': {
    entity: ['Account'],
    call: () => ({ path: '/api/v1/accounts/search?q=lena' }),
  },
  'GET /api/v1/accounts/relationships': {
    entity: ['Relationship'],
    call: at((f) => `/api/v1/accounts/relationships?id[]=${f.lenaId}`),
  },
  'GET /api/v1/accounts/familiar_followers': {
    entity: ['FamiliarFollowers'],
    call: at((f) => `/api/v1/accounts/familiar_followers?id[]=${f.lenaId}`),
  },
  'GET /api/v1/accounts/:id': { entity: 'Account', call: at((f) => `/api/v1/accounts/${f.lenaId}`) },
  'GET /api/v1/accounts/:id/statuses': {
    entity: ['Status'],
    call: at((f) => `/api/v1/accounts/${f.mayaId}/statuses`),
  },
  'GET /api/v1/accounts/:id/followers': {
    entity: ['Account'],
    call: at((f) => `/api/v1/accounts/${f.mayaId}/followers`),
  },
  'GET /api/v1/accounts/:id/following': {
    entity: ['Account'],
    call: at((f) => `/api/v1/accounts/${f.mayaId}/following`),
  },
  'GET /api/v1/accounts/:id/featured_tags': {
    entity: ['FeaturedTag'],
    call: at((f) => `/api/v1/accounts/${f.lenaId}/featured_tags`),
  },
  'GET /api/v1/accounts/:id/lists': {
    entity: ['List'],
    call: at((f) => `/api/v1/accounts/${f.lenaId}/lists`),
  },
  'POST /api/v1/accounts/:id/unfollow': {
    entity: 'Relationship',
    call: at((f) => `/api/v1/accounts/${f.lenaId}/unfollow`),
  },
  'POST /api/v1/accounts/:id/follow': {
    entity: 'Relationship',
    call: at((f) => `/api/v1/accounts/${f.lenaId}/follow`),
  },
  'POST /api/v1/accounts/:id/mute': {
    entity: 'Relationship',
    call: at((f) => `/api/v1/accounts/${f.lenaId}/mute`),
  },
  'GET /api/v1/mutes': { entity: ['MutedAccount'] },
  'POST /api/v1/accounts/:id/unmute': {
    entity: 'Relationship',
    call: at((f) => `/api/v1/accounts/${f.lenaId}/unmute`),
  },
  'POST /api/v1/accounts/:id/block': {
    entity: 'Relationship',
    call: at((f) => `/api/v1/accounts/${f.lenaId}/block`),
  },
  'GET /api/v1/blocks': { entity: ['Account'] },
  'POST /api/v1/accounts/:id/unblock': {
    entity: 'Relationship',
    call: at((f) => `/api/v1/accounts/${f.lenaId}/unblock`),
  },
  'GET /api/v1/follow_requests': { entity: ['Account'] },
  'GET /api/v1/followed_tags': { entity: ['Tag'] },
  'GET /api/v1/domain_blocks': { entity: ['DomainName'] },
  'GET /api/v1/endorsements': { entity: ['Account'] },
  'GET /api/v1/featured_tags': { entity: ['FeaturedTag'] },
  'GET /api/v1/preferences': { entity: 'Preferences' },
  'GET /api/v1/lists': { entity: ['List'] },
  'GET /api/v1/announcements': { entity: ['Announcement'] },
  'GET /api/v1/conversations': { entity: ['Conversation'] },
  'GET /api/v1/scheduled_statuses': { entity: ['ScheduledStatus'] },
  'GET /api/v2/suggestions': { entity: ['Suggestion'] },

  'POST /api/v1/statuses': {
    entity: 'Status',
    call: at(
      () => '/api/v1/statuses',
      (f) => ({ status: 'Quoting my own #sourdough', quoted_status_id: f.mayaStatus, language: 'en' }),
    ),
  },
  'GET /api/v1/statuses/:id': { entity: 'Status', call: at((f) => `/api/v1/statuses/${f.quotingStatus}`) },
  'PUT /api/v1/statuses/:id': {
    entity: 'Status',
    call: async (f) => ({ path: `/api/v1/statuses/${await f.ownStatus()}`, body: { status: 'Edited' } }),
  },
  'GET /api/v1/statuses/:id/history': {
    entity: ['StatusEdit'],
    call: at((f) => `/api/v1/statuses/${f.mayaStatus}/history`),
  },
  'GET /api/v1/statuses/:id/source': {
    entity: 'StatusSource',
    call: at((f) => `/api/v1/statuses/${f.mayaStatus}/source`),
  },
  'GET /api/v1/statuses/:id/context': {
    entity: 'Context',
    call: at((f) => `/api/v1/statuses/${f.lenaStatus}/context`),
  },
  'GET /api/v1/statuses/:id/favourited_by': {
    entity: ['Account'],
    call: at((f) => `/api/v1/statuses/${f.mayaStatus}/favourited_by`),
  },
  'GET /api/v1/statuses/:id/reblogged_by': {
    entity: ['Account'],
    call: at((f) => `/api/v1/statuses/${f.mayaStatus}/reblogged_by`),
  },
  'GET /api/v1/statuses/:id/quotes': {
    entity: ['Status'],
    call: at((f) => `/api/v1/statuses/${f.mayaStatus}/quotes`),
  },
  'PUT /api/v1/statuses/:id/interaction_policy': {
    entity: 'Status',
    call: at(
      (f) => `/api/v1/statuses/${f.mayaStatus}/interaction_policy`,
      () => ({ quote_approval_policy: 'public' }),
    ),
  },
  'POST /api/v1/statuses/:id/reblog': {
    entity: 'Status',
    call: at((f) => `/api/v1/statuses/${f.lenaStatus}/reblog`),
  },
  'GET /api/v1/timelines/home': { entity: ['Status'] },
  'POST /api/v1/statuses/:id/unreblog': {
    entity: 'Status',
    call: at((f) => `/api/v1/statuses/${f.lenaStatus}/unreblog`),
  },
  'POST /api/v1/statuses/:id/favourite': {
    entity: 'Status',
    call: at((f) => `/api/v1/statuses/${f.lenaStatus}/favourite`),
  },
  'GET /api/v1/favourites': { entity: ['Status'] },
  'POST /api/v1/statuses/:id/unfavourite': {
    entity: 'Status',
    call: at((f) => `/api/v1/statuses/${f.lenaStatus}/unfavourite`),
  },
  'POST /api/v1/statuses/:id/bookmark': {
    entity: 'Status',
    call: at((f) => `/api/v1/statuses/${f.lenaStatus}/bookmark`),
  },
  'GET /api/v1/bookmarks': { entity: ['Status'] },
  'POST /api/v1/statuses/:id/unbookmark': {
    entity: 'Status',
    call: at((f) => `/api/v1/statuses/${f.lenaStatus}/unbookmark`),
  },
  // Sync pins nothing yet: a pin is refused (statuses.test.ts), an unpin answers the status.
  'POST /api/v1/statuses/:id/pin': {
    entity: 'Error',
    status: 422,
    call: at((f) => `/api/v1/statuses/${f.mayaStatus}/pin`),
  },
  'POST /api/v1/statuses/:id/unpin': {
    entity: 'Status',
    call: at((f) => `/api/v1/statuses/${f.mayaStatus}/unpin`),
  },
  'GET /api/v1/timelines/public': { entity: ['Status'] },
  'GET /api/v1/timelines/tag/:hashtag': {
    entity: ['Status'],
    call: () => ({ path: '/api/v1/timelines/tag/sourdough' }),
  },
  'DELETE /api/v1/statuses/:id': {
    entity: 'Status',
    call: async (f) => ({ path: `/api/v1/statuses/${await f.ownStatus()}` }),
  },
  'POST /api/v1/statuses/:id/quotes/:quoting_status_id/revoke': {
    entity: 'Status',
    call: at((f) => `/api/v1/statuses/${f.mayaStatus}/quotes/${f.quotingStatus}/revoke`),
  },

  'POST /api/v1/media': { entity: 'MediaAttachment', call: () => ({ path: 'upload:/api/v1/media' }) },
  'POST /api/v2/media': { entity: 'MediaAttachment', call: () => ({ path: 'upload:/api/v2/media' }) },
  'GET /api/v1/media/:id': { entity: 'MediaAttachment', call: at((f) => `/api/v1/media/${f.mediaId}`) },
  'PUT /api/v1/media/:id': {
    entity: 'MediaAttachment',
    call: at(
      (f) => `/api/v1/media/${f.mediaId}`,
      () => ({ description: 'A grey square', focus: '0.5,-0.25' }),
    ),
  },
  'DELETE /api/v1/media/:id': { entity: 'Empty', call: at((f) => `/api/v1/media/${f.mediaId}`) },

  'GET /api/v1/markers': { entity: 'Markers', call: () => ({ path: '/api/v1/markers?timeline[]=home' }) },
  'POST /api/v1/markers': {
    entity: 'Markers',
    call: at(
      () => '/api/v1/markers',
      (f) => ({ home: { last_read_id: f.lenaStatus } }),
    ),
  },

  'GET /api/v1/filters': { entity: ['V1Filter'] },
  'GET /api/v2/filters': { entity: ['Filter'] },
  'POST /api/v2/filters': {
    entity: 'Filter',
    call: () => ({
      path: '/api/v2/filters',
      body: {
        title: 'Spoilers',
        context: ['home'],
        keywords_attributes: [{ keyword: 'spoiler' }],
        expires_in: 3600,
      },
    }),
  },
  'GET /api/v2/filters/:id': { entity: 'Filter', call: at((f) => `/api/v2/filters/${f.filterId}`) },
  'PUT /api/v2/filters/:id': {
    entity: 'Filter',
    call: at(
      (f) => `/api/v2/filters/${f.filterId}`,
      () => ({ title: 'Bread' }),
    ),
  },
  'GET /api/v2/filters/:id/keywords': {
    entity: ['FilterKeyword'],
    call: at((f) => `/api/v2/filters/${f.filterId}/keywords`),
  },
  'POST /api/v2/filters/:id/keywords': {
    entity: 'FilterKeyword',
    call: at(
      (f) => `/api/v2/filters/${f.filterId}/keywords`,
      () => ({ keyword: 'crumb', whole_word: true }),
    ),
  },
  'GET /api/v2/filters/keywords/:id': {
    entity: 'FilterKeyword',
    call: at((f) => `/api/v2/filters/keywords/${f.keywordId}`),
  },
  'PUT /api/v2/filters/keywords/:id': {
    entity: 'FilterKeyword',
    call: at(
      (f) => `/api/v2/filters/keywords/${f.keywordId}`,
      () => ({ keyword: 'levain' }),
    ),
  },
  'DELETE /api/v2/filters/keywords/:id': {
    entity: 'Empty',
    call: at((f) => `/api/v2/filters/keywords/${f.keywordId}`),
  },
  'DELETE /api/v2/filters/:id': { entity: 'Empty', call: at((f) => `/api/v2/filters/${f.filterId}`) },

  'GET /api/v1/notifications': { entity: ['Notification'] },
  'GET /api/v1/notifications/unread_count': { entity: 'UnreadCount' },
  'GET /api/v1/notifications/:id': {
    entity: 'Notification',
    call: at((f) => `/api/v1/notifications/${f.notificationId}`),
  },
  'GET /api/v2/notifications': { entity: 'GroupedNotificationsResults' },
  'GET /api/v2/notifications/unread_count': { entity: 'UnreadCount' },
  'GET /api/v2/notifications/:group_key': {
    entity: 'GroupedNotificationsResults',
    call: at((f) => `/api/v2/notifications/${f.groupKey}`),
  },
  'GET /api/v2/notifications/:group_key/accounts': {
    entity: ['Account'],
    call: at((f) => `/api/v2/notifications/${f.groupKey}/accounts`),
  },
  'GET /api/v2/notifications/policy': { entity: 'NotificationPolicy' },
  'PATCH /api/v2/notifications/policy': {
    entity: 'NotificationPolicy',
    call: () => ({ path: '/api/v2/notifications/policy', body: { for_new_accounts: 'accept' } }),
  },
  'PUT /api/v2/notifications/policy': {
    entity: 'NotificationPolicy',
    call: () => ({ path: '/api/v2/notifications/policy', body: { for_not_following: 'accept' } }),
  },
  'POST /api/v2/notifications/:group_key/dismiss': {
    entity: 'Empty',
    call: at((f) => `/api/v2/notifications/${f.groupKey}/dismiss`),
  },
  'POST /api/v1/notifications/:id/dismiss': {
    entity: 'Empty',
    call: at((f) => `/api/v1/notifications/${f.notificationId}/dismiss`),
  },
  'POST /api/v1/notifications/clear': { entity: 'Empty' },

  'POST /api/v1/reports': {
    entity: 'Report',
    call: at(
      () => '/api/v1/reports',
      (f) => ({ account_id: f.lenaId, status_ids: [f.lenaStatus], category: 'spam', comment: 'Spam' }),
    ),
  },
  'GET /api/v1/admin/reports': { entity: ['AdminReport'] },
  'GET /api/v1/admin/reports/:id': {
    entity: 'AdminReport',
    call: at((f) => `/api/v1/admin/reports/${f.reportId}`),
  },
  'GET /api/v1/admin/reports/:id/media/:media_id': {
    outside: "an image file, Sync's own: a reported image kept for the staff (reports.test.ts)",
  },
  'GET /api/v1/admin/reports/:id/media/:media_id/preview': {
    outside: "an image file, Sync's own: a reported image kept for the staff (reports.test.ts)",
  },
  ...Object.fromEntries(
    ['assign_to_self', 'unassign', 'resolve', 'reopen'].map((action): [string, Answered] => [
      `POST /api/v1/admin/reports/:id/${action}`,
      { entity: 'AdminReport', call: at((f) => `/api/v1/admin/reports/${f.reportId}/${action}`) },
    ]),
  ),
  'GET /api/v1/admin/accounts': { entity: ['AdminAccount'] },
  'GET /api/v2/admin/accounts': { entity: ['AdminAccount'] },
  'GET /api/v1/admin/accounts/:id': {
    entity: 'AdminAccount',
    call: at((f) => `/api/v1/admin/accounts/${f.lenaId}`),
  },
  'POST /api/v1/admin/accounts/:id/action': {
    entity: 'Empty',
    call: at(
      (f) => `/api/v1/admin/accounts/${f.lenaId}/action`,
      () => ({ type: 'silence', text: 'Too loud' }),
    ),
  },
  ...Object.fromEntries(
    ['unsilence', 'enable', 'unsensitive'].map((action): [string, Answered] => [
      `POST /api/v1/admin/accounts/:id/${action}`,
      { entity: 'AdminAccount', call: at((f) => `/api/v1/admin/accounts/${f.lenaId}/${action}`) },
    ]),
  ),
  'POST /api/v1/admin/accounts/:id/unsuspend': {
    entity: 'AdminAccount',
    call: at((f) => `/api/v1/admin/accounts/${f.suspendedId}/unsuspend`),
  },
  'POST /api/v1/admin/accounts/:id/approve': {
    entity: 'AdminAccount',
    call: at((f) => `/api/v1/admin/accounts/${f.pending[0]}/approve`),
  },
  'POST /api/v1/admin/accounts/:id/reject': {
    entity: 'AdminAccount',
    call: at((f) => `/api/v1/admin/accounts/${f.pending[1]}/reject`),
  },
};

describeEachDatabase('Mastodon API: every answer is the entity Mastodon documents', (dialect) => {
  let server: TestServer;
  let fixtures: Fixtures;

  const send = async (method: string, call: Call) => {
    const token = call.token === undefined ? fixtures.maya : call.token;
    const authorization = token === null ? {} : { token: bearer(token) };
    if (call.path.startsWith('upload:')) {
      return sendFile(server.url, call.path.slice('upload:'.length), authorization.token, {
        bytes: await png(),
        type: 'image/png',
        name: 'square.png',
      });
    }
    return server.request(method, call.path, { ...authorization, body: call.body });
  };
  const succeed = async (method: string, call: Call) => {
    const reply = await send(method, call);
    expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
    return reply.body;
  };

  beforeAll(async () => {
    server = await startServer(dialect);
    const owner = await server.login('maya.chen', demoPassword);
    const maya = await accessToken(server, owner, {
      scopes: 'read write follow push profile admin:read admin:write',
    });
    const lena = await accessToken(server, await server.login('lena.k', demoPassword));
    const idOf = async (username: string) =>
      (await server.request('GET', `/api/users/${username}`)).body.user._id as string;
    const [mayaId, lenaId] = [await idOf('maya.chen'), await idOf('lena.k')];
    const as = (token: string) => (method: string, path: string, body?: unknown) =>
      succeed(method, { path, body, token });
    const asMaya = as(maya);
    const asLena = as(lena);

    await asMaya('POST', '/api/v2/filters', {
      title: 'Bread talk',
      context: ['home', 'public', 'thread', 'notifications'],
      filter_action: 'warn',
      keywords_attributes: [{ keyword: 'levain' }],
    });
    const lenaStatus = (await asLena('POST', '/api/v1/statuses', {
      status: '@maya.chen my levain is ready #sourdough',
      language: 'en',
    })) as { id: string };
    const media = await sendFile(server.url, '/api/v2/media', bearer(maya), {
      bytes: await png(),
      type: 'image/png',
      name: 'square.png',
    });
    const mayaStatus = (await asMaya('POST', '/api/v1/statuses', {
      status: 'A loaf #sourdough',
      media_ids: [media.body.id],
    })) as { id: string };
    await asMaya('PUT', `/api/v1/statuses/${mayaStatus.id}`, { status: 'A loaf, crumb shot #sourdough' });
    await asLena('POST', `/api/v1/statuses/${mayaStatus.id}/favourite`);
    await asLena('POST', `/api/v1/statuses/${mayaStatus.id}/reblog`);
    const quoting = (await asLena('POST', '/api/v1/statuses', {
      status: 'Look at this crumb',
      quoted_status_id: mayaStatus.id,
    })) as { id: string };
    await asLena('POST', `/api/v1/statuses/${lenaStatus.id}/reblog`);
    await asLena('POST', '/api/v1/statuses', { status: 'A reply', in_reply_to_id: lenaStatus.id });

    const filter = (await asMaya('POST', '/api/v2/filters', {
      title: 'Kept',
      context: ['home'],
      keywords_attributes: [{ keyword: 'kept' }],
    })) as { id: string; keywords: { id: string }[] };
    const report = (await asLena('POST', '/api/v1/reports', {
      account_id: mayaId,
      status_ids: [mayaStatus.id],
      comment: 'Too much bread',
    })) as { id: string };
    const grouped = (await asMaya('GET', '/api/v2/notifications')) as {
      notification_groups: { group_key: string; most_recent_notification_id: string }[];
    };
    // One group for the v2 routes (dismissed by one of them), another for the v1 routes.
    const [group, other] = grouped.notification_groups;

    const suspended = await server.signup(uniqueName('suspended'));
    await asMaya('POST', `/api/v1/admin/accounts/${suspended.user._id}/action`, { type: 'suspend' });

    await server.request('PUT', '/api/admin/settings', {
      token: owner,
      body: { registrationsMode: 'approval' },
    });
    for (const prefix of ['waiting', 'refused']) {
      const reply = await server.request('POST', '/api/auth/signup', {
        body: {
          username: uniqueName(prefix),
          password: 'password123',
          firstName: 'New',
          lastName: 'Baker',
          reason: 'I bake.',
        },
      });
      expect(reply.status).toBe(202);
    }
    const pending = (await asMaya('GET', '/api/v1/admin/accounts?pending=true')) as { id: string }[];
    await server.request('PUT', '/api/admin/settings', { token: owner, body: { registrationsMode: 'open' } });

    const app = await registerApp(server, { scopes: 'read write follow push' });
    const appToken = (
      await server.request<OAuthToken>('POST', '/oauth/token', {
        body: {
          grant_type: 'client_credentials',
          client_id: app.client_id,
          client_secret: app.client_secret,
          scope: 'write',
        },
      })
    ).body.access_token as string;

    fixtures = {
      maya,
      lena,
      mayaId,
      lenaId,
      lenaStatus: lenaStatus.id,
      mayaStatus: mayaStatus.id,
      quotingStatus: quoting.id,
      mediaId: (
        (await sendFile(server.url, '/api/v2/media', bearer(maya), { bytes: await png(), type: 'image/png' }))
          .body as { id: string }
      ).id,
      filterId: filter.id,
      keywordId: filter.keywords[0]!.id,
      reportId: report.id,
      notificationId: other!.most_recent_notification_id,
      groupKey: group!.group_key,
      suspendedId: suspended.user._id,
      pending: pending.map((account) => account.id),
      appToken,
      app: { client_id: app.client_id, client_secret: app.client_secret },
      ownStatus: async () =>
        ((await asMaya('POST', '/api/v1/statuses', { status: 'Mine' })) as { id: string }).id,
    };
  });
  afterAll(() => server.close());

  for (const [route, rule] of Object.entries(routes)) {
    if ('outside' in rule) continue;
    const [method, pattern] = route.split(' ') as [string, string];
    it(`${route}: ${Array.isArray(rule.entity) ? `a list of ${rule.entity[0]}` : rule.entity}`, async () => {
      const reply = await send(method, rule.call ? await rule.call(fixtures) : { path: pattern });
      expect(reply.status, JSON.stringify(reply.body)).toBe(rule.status ?? 200);
      expectEntity(rule.entity, reply.body);
    });
  }

  it('lena.k, warned, reads the warning as the entities Mastodon documents', async () => {
    const notifications = await succeed('GET', { path: '/api/v1/notifications', token: fixtures.lena });
    expectEntity(['Notification'], notifications);
    expect(notifications.map((notification) => notification.type)).toContain('moderation_warning');
    expectEntity(
      'GroupedNotificationsResults',
      await succeed('GET', { path: '/api/v2/notifications', token: fixtures.lena }),
    );
  });

  it('every Mastodon route has its entity here, and every line names a route', () => {
    expect(Object.keys(routes).sort()).toEqual(mastodonRoutes(server));
  });

  describe('the answers carry what the entities are checked on', () => {
    it('statuses with an image, a quote, a reblog, a filter and a reply', async () => {
      type Statuses = Record<string, unknown>[];
      const home = (await succeed('GET', { path: '/api/v1/timelines/home?limit=40' })) as Statuses;
      expect(home.some((status) => (status.media_attachments as unknown[]).length > 0)).toBe(true);
      expect(home.some((status) => status.filtered !== undefined)).toBe(true);
      const lenas = (await succeed('GET', {
        path: `/api/v1/accounts/${fixtures.lenaId}/statuses`,
      })) as Statuses;
      expect(lenas.some((status) => status.reblog !== null)).toBe(true);
      expect(lenas.some((status) => status.quote !== null)).toBe(true);
      expect(lenas.some((status) => status.in_reply_to_id !== null)).toBe(true);
    });
  });
});
