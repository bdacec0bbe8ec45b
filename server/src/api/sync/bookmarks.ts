import {
  BookmarkStateReply,
  BookmarksReply,
  ErrorBody,
  PageQuery,
  PostIdParams,
  ReturnQuery,
} from '@sync/contract';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from './auth.plugin.js';
import { wantsChangedOnly } from './reply-shape.js';
import * as useCases from '../../use-cases/sync/bookmarks.js';

const ChangeReply = Type.Union([BookmarksReply, BookmarkStateReply]);

export const bookmarkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  app.get(
    '/bookmark',
    {
      schema: { querystring: PageQuery, response: { 200: BookmarksReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) => useCases.listBookmarks(deps, { viewerId: viewerOf(request).id, query: request.query }),
  );

  for (const [path, change] of [
    ['bookmark', 'add'],
    ['remove-bookmark', 'remove'],
  ] as const) {
    app.post(
      `/${path}/:postId`,
      {
        schema: {
          params: PostIdParams,
          querystring: ReturnQuery,
          response: { 200: ChangeReply, '4xx': ErrorBody },
        },
        preHandler: app.requireUser,
      },
      (request) =>
        useCases.changeBookmark(deps, {
          viewerId: viewerOf(request).id,
          postId: request.params.postId,
          change,
          changedOnly: wantsChangedOnly(request.query),
        }),
    );
  }
};
