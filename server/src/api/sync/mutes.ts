import {
  ErrorBody,
  MuteBody,
  MutesReply,
  PageQuery,
  RelationshipReply,
  UsernameParams,
} from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from './auth.plugin.js';
import * as useCases from '../../use-cases/sync/mutes.js';

/**
 * Mutes: `POST /api/users/:username/mute` (`notifications`, on by default; `durationSeconds`, 0 or null
 * until unmuted) and `DELETE` it, each answering the relationship; `GET /api/mutes`.
 */
export const muteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;
  const schema = { params: UsernameParams, response: { 200: RelationshipReply, '4xx': ErrorBody } };

  app.post(
    '/users/:username/mute',
    { schema: { ...schema, body: MuteBody }, preHandler: app.requireUser },
    (request) =>
      useCases.changeMute(deps, {
        viewerId: viewerOf(request).id,
        username: request.params.username,
        mute: {
          notifications: request.body.notifications ?? true,
          durationSeconds: request.body.durationSeconds ?? null,
        },
      }),
  );

  app.delete('/users/:username/mute', { schema, preHandler: app.requireUser }, (request) =>
    useCases.changeMute(deps, {
      viewerId: viewerOf(request).id,
      username: request.params.username,
      mute: undefined,
    }),
  );

  app.get(
    '/mutes',
    {
      schema: { querystring: PageQuery, response: { 200: MutesReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) => useCases.listMutes(deps, { viewerId: viewerOf(request).id, query: request.query }),
  );
};
