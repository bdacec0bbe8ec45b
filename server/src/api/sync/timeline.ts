import { ErrorBody, PageQuery, PostsPageReply, TagParams } from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from './auth.plugin.js';
import { sendJsonText } from '../json-text.js';
import { followingTimeline, tagTimeline } from '../../use-cases/sync/timeline.js';

/** The lists of the social core: the Following timeline and a tag's posts. */
export const timelineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  app.get(
    '/timeline',
    {
      schema: { querystring: PageQuery, response: { 200: PostsPageReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await followingTimeline(deps, { viewerId: viewerOf(request).id, query: request.query }),
      ),
  );

  app.get(
    '/tags/:tag',
    {
      schema: {
        params: TagParams,
        querystring: PageQuery,
        response: { 200: PostsPageReply, '4xx': ErrorBody },
      },
      preHandler: app.identifyUser,
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await tagTimeline(deps, {
          tag: request.params.tag,
          viewerId: request.viewer?.id,
          query: request.query,
        }),
      ),
  );
};
