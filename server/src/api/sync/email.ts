import {
  AccountStateReply,
  ChangeEmailBody,
  EmailAddressBody,
  EmailConfirmedReply,
  EmailSentReply,
  EmailTokenBody,
  ErrorBody,
  PasswordResetBody,
  PasswordResetCheckReply,
  PasswordResetReply,
} from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  accountState,
  checkPasswordResetLink,
  confirmEmail,
  confirmEmailChange,
  requestEmailChange,
  requestPasswordReset,
  resetPassword,
} from '../../use-cases/sync/email.js';
import { resendConfirmation } from '../../use-cases/shared/email.js';
import { viewerOf } from './auth.plugin.js';

/** Accounts by email (docs/decisions/100): under /api/auth (signed out) and /api/account (signed in). */
export const emailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const mailToAddress = [app.limits.emailByIp, app.limits.emailByAddress];
  // Accepted: the mail is queued and goes out after the answer, which is the same whether or not the address is known.
  const sent = { 202: EmailSentReply, '4xx': ErrorBody };

  app.post(
    '/auth/password-reset',
    { schema: { body: EmailAddressBody, response: sent }, preHandler: mailToAddress },
    async (request, reply) => reply.code(202).send(await requestPasswordReset(app.deps, request.body)),
  );

  app.post(
    '/auth/password-reset/check',
    {
      schema: { body: EmailTokenBody, response: { 200: PasswordResetCheckReply, '4xx': ErrorBody } },
      preHandler: app.limits.loginByIp,
    },
    async (request) => checkPasswordResetLink(app.deps, request.body),
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      schema: { body: PasswordResetBody, response: { 200: PasswordResetReply, '4xx': ErrorBody } },
      // A token is 256 random bits: the limit is against load, not guessing.
      preHandler: app.limits.loginByIp,
    },
    (request) => resetPassword(app.deps, request.body),
  );

  app.post(
    '/auth/confirmation/resend',
    { schema: { body: EmailAddressBody, response: sent }, preHandler: mailToAddress },
    async (request, reply) => reply.code(202).send(await resendConfirmation(app.deps, request.body)),
  );

  app.post(
    '/auth/confirm',
    {
      schema: { body: EmailTokenBody, response: { 200: EmailConfirmedReply, '4xx': ErrorBody } },
      preHandler: app.limits.loginByIp,
    },
    async (request) => confirmEmail(app.deps, request.body),
  );

  app.get(
    '/account',
    { schema: { response: { 200: AccountStateReply, '4xx': ErrorBody } }, preHandler: app.requireUser },
    async (request) => accountState(app.deps, { viewerId: viewerOf(request).id }),
  );

  app.post(
    '/account/email',
    {
      schema: { body: ChangeEmailBody, response: sent },
      preHandler: [app.requireUser, app.limits.passwordChecks],
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await requestEmailChange(app.deps, { viewer: viewerOf(request), body: request.body })),
  );

  // The link is the proof: it may be opened signed out, on another device.
  app.post(
    '/account/email/confirm',
    {
      schema: { body: EmailTokenBody, response: { 200: EmailConfirmedReply, '4xx': ErrorBody } },
      preHandler: app.limits.loginByIp,
    },
    async (request) => confirmEmailChange(app.deps, request.body),
  );
};
