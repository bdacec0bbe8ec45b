import {
  CommentDataBody,
  CommentParams,
  CommentReply,
  CommentsReply,
  EditHistoryReply,
  ErrorBody,
  PageQuery,
  PostIdParams,
  PostsReply,
  ReturnQuery,
} from '@sync/contract';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from './auth.plugin.js';
import { wantsChangedOnly } from './reply-shape.js';
import * as useCases from '../../use-cases/sync/comments.js';

const ChangeReply = Type.Union([PostsReply, CommentReply]);

export const commentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;
  const changeSchema = {
    params: CommentParams,
    querystring: ReturnQuery,
    response: { 201: ChangeReply, '4xx': ErrorBody },
  };

  app.get(
    '/:postId/:commentId/history',
    {
      schema: { params: CommentParams, response: { 200: EditHistoryReply, '4xx': ErrorBody } },
      preHandler: app.identifyUser,
    },
    (request) =>
      useCases.commentHistory(deps, {
        postId: request.params.postId,
        commentId: request.params.commentId,
        viewerId: request.viewer?.id,
      }),
  );

  app.get(
    '/:postId',
    {
      schema: {
        params: PostIdParams,
        querystring: PageQuery,
        response: { 200: CommentsReply, '4xx': ErrorBody },
      },
      preHandler: app.identifyUser,
    },
    (request) =>
      useCases.listComments(deps, {
        postId: request.params.postId,
        query: request.query,
        viewerId: request.viewer?.id,
      }),
  );

  app.post(
    '/add/:postId',
    {
      schema: {
        params: PostIdParams,
        body: CommentDataBody,
        querystring: ReturnQuery,
        response: { 201: ChangeReply, '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const answer = await useCases.addComment(deps, {
        viewerId: viewerOf(request).id,
        postId: request.params.postId,
        text: request.body.commentData.text,
        mediaIds: request.body.commentData.mediaIds,
        changedOnly: wantsChangedOnly(request.query),
      });
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/edit/:postId/:commentId',
    { schema: { ...changeSchema, body: CommentDataBody }, preHandler: app.requireUser },
    async (request, reply) => {
      const answer = await useCases.editComment(deps, {
        viewerId: viewerOf(request).id,
        ...request.params,
        text: request.body.commentData.text,
        changedOnly: wantsChangedOnly(request.query),
      });
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/delete/:postId/:commentId',
    { schema: changeSchema, preHandler: app.requireUser },
    async (request, reply) => {
      const answer = await useCases.deleteComment(deps, {
        viewerId: viewerOf(request).id,
        ...request.params,
        changedOnly: wantsChangedOnly(request.query),
      });
      return reply.code(201).send(answer);
    },
  );

  for (const [path, vote] of [
    ['upvote', 'up'],
    ['downvote', 'down'],
    // Additive: takes back the caller's vote, whichever it was.
    ['unvote', 'none'],
  ] as const) {
    app.post(
      `/${path}/:postId/:commentId`,
      { schema: changeSchema, preHandler: app.requireUser },
      async (request, reply) => {
        const answer = await useCases.voteOnComment(deps, {
          viewerId: viewerOf(request).id,
          ...request.params,
          vote,
          changedOnly: wantsChangedOnly(request.query),
        });
        return reply.code(201).send(answer);
      },
    );
  }
};
