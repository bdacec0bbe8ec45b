import {
  ErrorBody,
  PageQuery,
  PostIdParams,
  RelationshipReply,
  RepostReply,
  ShowRepostsBody,
  UserSummariesReply,
} from '@sync/contract';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from './auth.plugin.js';
import * as useCases from '../../use-cases/sync/reposts.js';

/**
 * Reposts (docs/decisions/092): `POST|DELETE /api/posts/:postId/repost`, `GET /api/posts/:postId/reposts`
 * and `POST /api/follows/reposts/:followUserId` (show or hide a followed person's reposts).
 */
export const repostRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  for (const [method, repost] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/posts/:postId/repost',
      schema: { params: PostIdParams, response: { 200: RepostReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
      handler: (request) =>
        useCases.changeRepost(deps, {
          viewerId: viewerOf(request).id,
          postId: request.params.postId,
          repost,
        }),
    });
  }

  app.get(
    '/posts/:postId/reposts',
    {
      schema: {
        params: PostIdParams,
        querystring: PageQuery,
        response: { 200: UserSummariesReply, '4xx': ErrorBody },
      },
      preHandler: app.identifyUser,
    },
    (request) =>
      useCases.listReposters(deps, {
        postId: request.params.postId,
        query: request.query,
        viewerId: request.viewer?.id,
      }),
  );

  app.post(
    '/follows/reposts/:followUserId',
    {
      schema: {
        params: Type.Object({ followUserId: Type.String() }),
        body: ShowRepostsBody,
        response: { 200: RelationshipReply, '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    (request) =>
      useCases.setShowReposts(deps, {
        viewerId: viewerOf(request).id,
        followUserId: request.params.followUserId,
        show: request.body.show,
      }),
  );
};
