import { BlocksReply, ErrorBody, PageQuery, RelationshipReply, UsernameParams } from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from './auth.plugin.js';
import * as useCases from '../../use-cases/sync/blocks.js';

/** Blocks: `POST|DELETE /api/users/:username/block`, each answering the relationship; `GET /api/blocks`. */
export const blockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  for (const [method, block] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/users/:username/block',
      schema: { params: UsernameParams, response: { 200: RelationshipReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
      handler: (request) =>
        useCases.changeBlock(deps, {
          viewerId: viewerOf(request).id,
          username: request.params.username,
          block,
        }),
    });
  }

  app.get(
    '/blocks',
    {
      schema: { querystring: PageQuery, response: { 200: BlocksReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) => useCases.listBlocks(deps, { viewerId: viewerOf(request).id, query: request.query }),
  );
};
