import {
  EditUserBody,
  ErrorBody,
  PageQuery,
  ReturnQuery,
  SuggestionsReply,
  UserQuery,
  UserReply,
  UserSummariesReply,
  UsernameParams,
  UsersReply,
} from '@sync/contract';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from './auth.plugin.js';
import type { Relation } from '../../data/follows.repo.js';
import { wantsChangedOnly } from './reply-shape.js';
import * as useCases from '../../use-cases/sync/users.js';

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  app.get(
    '/',
    {
      schema: { querystring: PageQuery, response: { 200: UsersReply, '4xx': ErrorBody } },
      preHandler: app.identifyUser,
    },
    (request) => useCases.listUsers(deps, { query: request.query, viewerId: request.viewer?.id }),
  );

  app.get(
    '/suggestions',
    {
      schema: {
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })) }),
        response: { 200: SuggestionsReply, '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    (request) =>
      useCases.suggestPeople(deps, { viewerId: viewerOf(request).id, limit: request.query.limit ?? 4 }),
  );

  app.post(
    '/edit',
    {
      schema: {
        body: EditUserBody,
        querystring: ReturnQuery,
        response: { 201: Type.Union([UsersReply, UserReply]), '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const answer = await useCases.editProfile(deps, {
        viewer: viewerOf(request),
        data: request.body.updatedUserData,
        changedOnly: wantsChangedOnly(request.query),
      });
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/:username',
    {
      schema: {
        params: UsernameParams,
        querystring: UserQuery,
        response: { 200: UserReply, '4xx': ErrorBody },
      },
      preHandler: app.identifyUser,
    },
    (request) =>
      useCases.getUser(deps, {
        username: request.params.username,
        viewerId: request.viewer?.id,
        viewerRole: request.viewer?.role,
        preview: request.query.preview === true,
      }),
  );

  for (const relation of ['followers', 'following'] as const satisfies Relation[]) {
    app.get(
      `/:username/${relation}`,
      {
        schema: {
          params: UsernameParams,
          querystring: PageQuery,
          response: { 200: UserSummariesReply, '4xx': ErrorBody },
        },
        preHandler: app.identifyUser,
      },
      (request) =>
        useCases.listRelation(deps, {
          username: request.params.username,
          relation,
          query: request.query,
          viewerId: request.viewer?.id,
        }),
    );
  }
};
