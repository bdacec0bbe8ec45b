import {
  DeletedReply,
  DetachQuoteParams,
  DetachQuoteReply,
  PostsPageReply,
  EditHistoryReply,
  ErrorBody,
  PageQuery,
  PostDataBody,
  PostIdParams,
  PostListQuery,
  PostReply,
  PostsReply,
  ProfilePostsQuery,
  ReturnQuery,
  UserSummariesReply,
} from '@sync/contract';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from './auth.plugin.js';
import type { ReactionKind } from '../../data/schema.js';
import { sendJsonText } from '../json-text.js';
import { wantsChangedOnly } from './reply-shape.js';
import * as useCases from '../../use-cases/sync/posts.js';

const ChangeReply = Type.Union([PostsReply, PostReply]);

export const postRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  app.get(
    '/',
    {
      schema: { querystring: PostListQuery, response: { 200: PostsReply, '4xx': ErrorBody } },
      preHandler: app.identifyUser,
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await useCases.listPosts(deps, { query: request.query, viewerId: request.viewer?.id }),
      ),
  );

  app.get(
    '/user/:username',
    {
      schema: {
        params: Type.Object({ username: Type.String() }),
        querystring: ProfilePostsQuery,
        response: { 200: PostsReply, '4xx': ErrorBody },
      },
      preHandler: app.identifyUser,
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await useCases.listPosts(deps, {
          query: request.query,
          viewerId: request.viewer?.id,
          authorUsername: request.params.username,
          filter: request.query.filter,
        }),
      ),
  );

  app.get(
    '/:postId/history',
    {
      schema: { params: PostIdParams, response: { 200: EditHistoryReply, '4xx': ErrorBody } },
      preHandler: app.identifyUser,
    },
    (request) => useCases.postHistory(deps, { postId: request.params.postId, viewerId: request.viewer?.id }),
  );

  app.get(
    '/:postId/quotes',
    {
      schema: {
        params: PostIdParams,
        querystring: PageQuery,
        response: { 200: PostsPageReply, '4xx': ErrorBody },
      },
      preHandler: app.identifyUser,
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await useCases.listQuotes(deps, {
          postId: request.params.postId,
          query: request.query,
          viewerId: request.viewer?.id,
        }),
      ),
  );

  app.post(
    '/:postId/quotes/:quotingPostId/detach',
    {
      schema: { params: DetachQuoteParams, response: { 200: DetachQuoteReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) =>
      useCases.detachQuote(deps, {
        viewerId: viewerOf(request).id,
        postId: request.params.postId,
        quotingPostId: request.params.quotingPostId,
      }),
  );

  app.get(
    '/:postId',
    {
      schema: { params: PostIdParams, response: { 200: PostReply, '4xx': ErrorBody } },
      preHandler: app.identifyUser,
    },
    (request) => useCases.getPost(deps, { postId: request.params.postId, viewerId: request.viewer?.id }),
  );

  for (const kind of ['like', 'dislike'] as const satisfies ReactionKind[]) {
    app.get(
      `/:postId/${kind}s`,
      {
        schema: {
          params: PostIdParams,
          querystring: PageQuery,
          response: { 200: UserSummariesReply, '4xx': ErrorBody },
        },
        preHandler: app.identifyUser,
      },
      (request) =>
        useCases.listReactors(deps, {
          postId: request.params.postId,
          kind,
          query: request.query,
          viewerId: request.viewer?.id,
        }),
    );
  }

  app.post(
    '/',
    {
      schema: {
        body: PostDataBody,
        querystring: ReturnQuery,
        response: { 201: ChangeReply, '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const { content, mediaIds, sensitive, quoteId, quotePolicy } = request.body.postData;
      const answer = await useCases.createPost(deps, {
        viewerId: viewerOf(request).id,
        content,
        mediaIds,
        sensitive,
        quoteId,
        quotePolicy,
        changedOnly: wantsChangedOnly(request.query),
      });
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/edit/:postId',
    {
      schema: {
        params: PostIdParams,
        body: PostDataBody,
        querystring: ReturnQuery,
        response: { 201: ChangeReply, '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const answer = await useCases.editPost(deps, {
        viewerId: viewerOf(request).id,
        postId: request.params.postId,
        content: request.body.postData.content,
        sensitive: request.body.postData.sensitive,
        quotePolicy: request.body.postData.quotePolicy,
        mediaIds: request.body.postData.mediaIds,
        changedOnly: wantsChangedOnly(request.query),
      });
      return reply.code(201).send(answer);
    },
  );

  app.delete(
    '/:postId',
    {
      schema: {
        params: PostIdParams,
        querystring: ReturnQuery,
        response: { 201: Type.Union([PostsReply, DeletedReply]), '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const answer = await useCases.deletePost(deps, {
        viewerId: viewerOf(request).id,
        postId: request.params.postId,
        changedOnly: wantsChangedOnly(request.query),
      });
      return reply.code(201).send(answer);
    },
  );

  for (const kind of ['like', 'dislike'] as const satisfies ReactionKind[]) {
    app.post(
      `/${kind}/:postId`,
      {
        schema: {
          params: PostIdParams,
          querystring: ReturnQuery,
          response: { 201: ChangeReply, '4xx': ErrorBody },
        },
        preHandler: app.requireUser,
      },
      async (request, reply) => {
        const answer = await useCases.reactToPost(deps, {
          viewerId: viewerOf(request).id,
          postId: request.params.postId,
          kind,
          changedOnly: wantsChangedOnly(request.query),
        });
        return reply.code(201).send(answer);
      },
    );
  }
};
