import {
  AuthLoginReply,
  AuthSignupReply,
  ErrorBody,
  LoginBody,
  SignupBody,
  SignupPendingReply,
  UsernameAvailableReply,
  UsernameQuery,
} from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { login, signup, usernameAvailability } from '../../use-cases/sync/auth.js';

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/signup',
    {
      schema: {
        body: SignupBody,
        response: { 201: AuthSignupReply, 202: SignupPendingReply, '4xx': ErrorBody },
      },
      preHandler: app.limits.signup,
    },
    async (request, reply) => {
      const answer = await signup(app.deps, request.body);
      // Accepted, not created: the account waits for a moderator's approval.
      if ('pending' in answer) return reply.code(202).send(answer);
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/username-available',
    {
      schema: {
        querystring: UsernameQuery,
        response: { 200: UsernameAvailableReply, '4xx': ErrorBody },
      },
      preHandler: app.limits.usernameChecks,
    },
    async (request) => usernameAvailability(app.deps, request.query),
  );

  app.post(
    '/login',
    {
      schema: { body: LoginBody, response: { 200: AuthLoginReply, '4xx': ErrorBody } },
      preHandler: [app.limits.loginByIp, app.limits.loginByUsername],
    },
    async (request) => login(app.deps, request.body),
  );
};
