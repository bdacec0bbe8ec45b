import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError, badRequest, recordNotFound } from '../../platform/http/errors.js';
import { accountView } from '../../read/views/mastodon/accounts.js';
import {
  groupedNotificationsView,
  keyOfNotificationId,
  notificationIdOf,
  notificationViews,
} from '../../read/views/mastodon/notifications.js';
import { fixedPolicies, notificationPolicyView } from '../../read/views/mastodon/notification-policy.js';
import * as notifications from '../../use-cases/mastodon/notifications.js';
import {
  changeNotificationSettings,
  getNotificationSettings,
} from '../../use-cases/shared/notification-settings.js';
import { mastodonAccess, mastodonViewer } from './auth.js';
import { continuesPast, setLinks, timeWindowOf, windowOf, windowParams } from './paging.js';
import { IdParams, type MastodonApp } from './request-schemas.js';
import { urisFor } from '../uris.js';
import {
  Account,
  Empty,
  GroupedNotificationsResults,
  Notification,
  NotificationPolicy,
  UnreadCount,
} from '@sync/contract/mastodon';
import { Type, type Static } from 'typebox';
import { answeredWith } from './answer-schemas.js';

/**
 * `/api/v1/notifications` and `/api/v2/notifications` (grouped): Sync's notification groups, as
 * read/views/mastodon/notifications.ts maps them. Ids carry the time of a group's latest cause, so
 * paging by them follows Sync's order (latest cause first) and never shows a group twice.
 */

/** Mastodon's sizes: pages of 40 notifications, at most 80; up to 8 sample accounts of a group. */
const pageSizes = { fallback: 40, max: 80 };
const sampleAccounts = 8;
/** `unread_count` counts up to 100 unless asked for more, at most 1000. */
const unreadCaps = { fallback: 100, max: 1000 };

function keyOfId(id: string): [string, string] {
  const key = keyOfNotificationId(id);
  if (!key) throw badRequest(`"${id}" is not a notification id.`);
  return key;
}

/** `types[]`, `exclude_types[]` and `account_id`, which every list and count reads, and the window. */
const NotificationsQuery = Type.Object({
  ...windowParams,
  types: Type.Array(Type.String(), { default: [] }),
  exclude_types: Type.Array(Type.String(), { default: [] }),
  account_id: Type.Optional(Type.String()),
});
type NotificationsQuery = Static<typeof NotificationsQuery>;

const queryOf = (query: NotificationsQuery): notifications.NotificationQuery => ({
  types: query.types,
  excludedTypes: query.exclude_types,
  accountId: query.account_id,
});

const GroupKeyParams = Type.Object({ group_key: Type.String() });

/** The routes both versions have the same way: the list's window and the unread count. */
function sharedRoutes(app: MastodonApp, sampleSize: number) {
  const { deps } = app;
  const read = mastodonAccess(app, { user: true, scope: 'read:notifications' });

  /**
   * A page of the list, with its `Link` header. Its bounds are the page's groups as read, shown or not:
   * a page whose groups all went meanwhile still leads on, and so does one the viewer's rules left
   * short (from the last group it read).
   */
  const page = async (request: FastifyRequest, reply: FastifyReply, query: NotificationsQuery) => {
    const window = timeWindowOf(windowOf(query, pageSizes.max, pageSizes.fallback), keyOfId);
    const hydrated = await notifications.notificationWindow(deps, {
      viewerId: mastodonViewer(request).id,
      window,
      query: queryOf(query),
      sampleSize,
    });
    const readUpTo = hydrated.readUpTo && { latest_at: hydrated.readUpTo[0], id: hydrated.readUpTo[1] };
    const newest = (window.oldestFirst && readUpTo) || hydrated.records[0];
    const oldest = (!window.oldestFirst && readUpTo) || hydrated.records.at(-1);
    setLinks(request, reply, {
      newest: newest && notificationIdOf(newest),
      oldest: oldest && notificationIdOf(oldest),
      continues: continuesPast(hydrated.records.length, window.limit, readUpTo),
    });
    return hydrated;
  };

  app.get(
    '/unread_count',
    { preHandler: read, schema: { querystring: NotificationsQuery, ...answeredWith(UnreadCount) } },
    async (request) => {
      const cap = windowOf(request.query, unreadCaps.max, unreadCaps.fallback).limit;
      return {
        count: await notifications.countUnreadUpTo(deps, {
          viewerId: mastodonViewer(request).id,
          query: queryOf(request.query),
          cap,
        }),
      };
    },
  );

  return { read, page };
}

export const v1NotificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;
  const { read, page } = sharedRoutes(app, 1);
  const write = mastodonAccess(app, { user: true, scope: 'write:notifications' });

  app.get(
    '/',
    {
      preHandler: read,
      schema: { querystring: NotificationsQuery, ...answeredWith(Type.Array(Notification)) },
    },
    async (request, reply) =>
      notificationViews(
        await page(request, reply, request.query),
        mastodonViewer(request).id,
        urisFor(request),
      ),
  );

  app.get(
    '/:id',
    { preHandler: read, schema: { params: IdParams, ...answeredWith(Notification) } },
    async (request) => {
      const viewerId = mastodonViewer(request).id;
      const hydrated = await notifications.getNotification(deps, {
        viewerId,
        id: request.params.id,
        by: 'notification id',
        sampleSize: 1,
      });
      const [notification] = notificationViews(hydrated, viewerId, urisFor(request));
      if (!notification) throw recordNotFound();
      return notification;
    },
  );

  app.post('/clear', { preHandler: write, schema: answeredWith(Empty) }, async (request) => {
    await notifications.clearNotifications(deps, { viewerId: mastodonViewer(request).id });
    return {};
  });

  app.post(
    '/:id/dismiss',
    { preHandler: write, schema: { params: IdParams, ...answeredWith(Empty) } },
    async (request) => {
      await notifications.dismissNotification(deps, {
        viewerId: mastodonViewer(request).id,
        id: request.params.id,
        by: 'notification id',
      });
      return {};
    },
  );
};

const policyActions = ['accept', 'filter', 'drop'];

/** The policies Sync cannot change, in the order they are checked, then `for_not_following`. */
const PolicyBody = Type.Object({
  for_not_followers: Type.Optional(Type.String()),
  for_new_accounts: Type.Optional(Type.String()),
  for_private_mentions: Type.Optional(Type.String()),
  for_limited_accounts: Type.Optional(Type.String()),
  for_not_following: Type.Optional(Type.String()),
});
type PolicyBody = Static<typeof PolicyBody>;

const isFixedPolicy = (name: string): name is keyof typeof fixedPolicies => name in fixedPolicies;

/**
 * What a policy update asks of Sync's settings: `for_not_following` is "only from people I follow"
 * (`filter` and `drop` both: Sync leaves those out, read/views/mastodon/notification-policy.ts); the
 * policies Sync cannot change are accepted at their fixed value (an app may send back the whole policy
 * it read) and refused, changing nothing, at any other (422, as Mastodon refuses invalid input).
 */
function onlyFromFollowingOf(body: PolicyBody): boolean | undefined {
  for (const [name, asked] of Object.entries(body)) {
    if (!isFixedPolicy(name)) continue;
    const fixed = fixedPolicies[name];
    const same = asked === fixed || (fixed === 'drop' && asked === 'filter');
    if (asked !== undefined && !same)
      throw new HttpError(
        422,
        `Validation failed: Sync does not filter notifications by ${name}; it can only be "${fixed}".`,
      );
  }
  const asked = body.for_not_following;
  if (asked === undefined) return undefined;
  if (!policyActions.includes(asked))
    throw new HttpError(422, 'Validation failed: for_not_following must be one of accept, filter, drop.');
  return asked !== 'accept';
}

export const v2NotificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;
  const { read, page } = sharedRoutes(app, sampleAccounts);
  const write = mastodonAccess(app, { user: true, scope: 'write:notifications' });

  app.get('/policy', { preHandler: read, schema: answeredWith(NotificationPolicy) }, async (request) => {
    const { settings } = await getNotificationSettings(deps, { viewerId: mastodonViewer(request).id });
    return notificationPolicyView(settings);
  });

  // Mastodon documents PATCH; Rails routes PUT to the same action, and some apps send it.
  app.route({
    method: ['PATCH', 'PUT'],
    url: '/policy',
    preHandler: write,
    schema: { body: PolicyBody, ...answeredWith(NotificationPolicy) },
    handler: async (request) => {
      const onlyFromFollowing = onlyFromFollowingOf(request.body);
      const { settings } = await changeNotificationSettings(deps, {
        viewerId: mastodonViewer(request).id,
        body: onlyFromFollowing === undefined ? {} : { onlyFromFollowing },
      });
      return notificationPolicyView(settings);
    },
  });

  app.get(
    '/',
    {
      preHandler: read,
      schema: { querystring: NotificationsQuery, ...answeredWith(GroupedNotificationsResults) },
    },
    async (request, reply) =>
      groupedNotificationsView(
        await page(request, reply, request.query),
        mastodonViewer(request).id,
        urisFor(request),
        { paged: true },
      ),
  );

  app.get(
    '/:group_key',
    { preHandler: read, schema: { params: GroupKeyParams, ...answeredWith(GroupedNotificationsResults) } },
    async (request) => {
      const viewerId = mastodonViewer(request).id;
      const hydrated = await notifications.getNotification(deps, {
        viewerId,
        id: request.params.group_key,
        by: 'group key',
        sampleSize: sampleAccounts,
      });
      const view = groupedNotificationsView(hydrated, viewerId, urisFor(request), { paged: false });
      if (view.notification_groups.length === 0) throw recordNotFound();
      return view;
    },
  );

  app.get(
    '/:group_key/accounts',
    { preHandler: read, schema: { params: GroupKeyParams, ...answeredWith(Type.Array(Account)) } },
    async (request) => {
      const accounts = await notifications.groupAccounts(deps, {
        viewerId: mastodonViewer(request).id,
        groupKey: request.params.group_key,
        limit: pageSizes.max,
      });
      const urls = urisFor(request);
      return accounts.map((account) => accountView(account, urls));
    },
  );

  app.post(
    '/:group_key/dismiss',
    { preHandler: write, schema: { params: GroupKeyParams, ...answeredWith(Empty) } },
    async (request) => {
      await notifications.dismissNotification(deps, {
        viewerId: mastodonViewer(request).id,
        id: request.params.group_key,
        by: 'group key',
      });
      return {};
    },
  );
};
