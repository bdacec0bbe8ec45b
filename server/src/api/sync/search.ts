import { ErrorBody, PostsPageReply, SearchQuery, SearchTagsReply, SearchUsersReply } from '@sync/contract';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { searchEverything } from '../../use-cases/sync/search.js';
import { sendJsonText } from '../json-text.js';

/** `GET /api/search`: posts, people or tags (use-cases/sync/search.ts). */
export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  app.get(
    '/search',
    {
      schema: {
        querystring: SearchQuery,
        response: { 200: Type.Union([PostsPageReply, SearchUsersReply, SearchTagsReply]), '4xx': ErrorBody },
      },
      preHandler: app.identifyUser,
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await searchEverything(deps, { query: request.query, viewerId: request.viewer?.id }),
      ),
  );
};
