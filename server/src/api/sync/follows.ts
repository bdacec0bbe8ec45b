import {
  ErrorBody,
  FollowReply,
  FollowStateReply,
  RelationshipReply,
  ReturnQuery,
  UsernameParams,
} from '@sync/contract';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from './auth.plugin.js';
import { wantsChangedOnly } from './reply-shape.js';
import { changeFollow, getRelationship } from '../../use-cases/sync/follows.js';

const TargetParams = Type.Object({ followUserId: Type.String() });

export const followRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const change of ['follow', 'unfollow'] as const) {
    app.post(
      `/${change}/:followUserId`,
      {
        schema: {
          params: TargetParams,
          querystring: ReturnQuery,
          response: { 200: Type.Union([FollowReply, FollowStateReply]), '4xx': ErrorBody },
        },
        preHandler: app.requireUser,
      },
      (request) =>
        changeFollow(app.deps, {
          viewerId: viewerOf(request).id,
          targetId: request.params.followUserId,
          change,
          changedOnly: wantsChangedOnly(request.query),
        }),
    );
  }

  app.get(
    '/:username/relationship',
    {
      schema: { params: UsernameParams, response: { 200: RelationshipReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) =>
      getRelationship(app.deps, { viewerId: viewerOf(request).id, username: request.params.username }),
  );
};
