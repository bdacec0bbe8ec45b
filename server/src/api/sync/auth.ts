import { AuthLoginReply, AuthSignupReply, ErrorBody, LoginBody, SignupBody } from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { login, signup } from '../../use-cases/auth.js';

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/signup',
    {
      schema: {
        body: SignupBody,
        response: { 201: AuthSignupReply, '4xx': ErrorBody },
      },
      preHandler: app.limits.signup,
    },
    async (request, reply) => reply.code(201).send(await signup(app.deps, request.body)),
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
