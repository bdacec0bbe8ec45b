import { ErrorBody, NotificationsQuery, NotificationsReply, UnreadCountReply } from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from './auth.plugin.js';
import { sendJsonText } from '../json-text.js';
import * as useCases from '../../use-cases/sync/notifications.js';

export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  app.get(
    '/',
    {
      schema: { querystring: NotificationsQuery, response: { 200: NotificationsReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await useCases.listNotifications(deps, { viewerId: viewerOf(request).id, query: request.query }),
      ),
  );

  app.get(
    '/unread',
    { schema: { response: { 200: UnreadCountReply, '4xx': ErrorBody } }, preHandler: app.requireUser },
    (request) => useCases.countUnread(deps, { viewerId: viewerOf(request).id }),
  );

  app.post(
    '/read',
    { schema: { response: { 200: UnreadCountReply, '4xx': ErrorBody } }, preHandler: app.requireUser },
    (request) => useCases.markAllRead(deps, { viewerId: viewerOf(request).id }),
  );
};
