import {
  AccountActionBody,
  AccountActionReply,
  AdminAccountReply,
  AdminAccountsQuery,
  AdminAccountsReply,
  AuditLogReply,
  CommentParams,
  ContentDeletionBody,
  DeletedReply,
  ErrorBody,
  PageQuery,
  PostIdParams,
  UsernameParams,
} from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { adminAccountView, moderationActionView } from '../../read/views/sync/moderation.js';
import { userSummary } from '../../read/views/sync/summaries.js';
import { actOnAccount } from '../../use-cases/shared/moderation.js';
import * as moderation from '../../use-cases/sync/moderation.js';
import { viewerOf } from './auth.plugin.js';

/**
 * The moderators' routes for accounts and content, under /api/admin (use-cases/sync/moderation.ts): the
 * accounts list and page, actions on an account, deleting a post or a comment, the audit log. Each
 * checks the caller's permission (403 otherwise).
 */
/** A deletion's body is optional: a DELETE sent without one gives no reason. */
const noBodyIsEmpty = async (request: FastifyRequest) => {
  request.body ??= {};
};

export const moderationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  app.get(
    '/accounts',
    {
      schema: { querystring: AdminAccountsQuery, response: { 200: AdminAccountsReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) => moderation.listAccounts(deps, { moderator: viewerOf(request), query: request.query }),
  );

  app.get(
    '/accounts/:username',
    {
      schema: { params: UsernameParams, response: { 200: AdminAccountReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) =>
      moderation.getAccount(deps, { moderator: viewerOf(request), username: request.params.username }),
  );

  app.post(
    '/accounts/:username/actions',
    {
      schema: {
        params: UsernameParams,
        body: AccountActionBody,
        response: { 200: AccountActionReply, '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const moderator = viewerOf(request);
      const { username } = request.params;
      const { account, action } = await actOnAccount(deps, {
        moderator,
        account: { username },
        action: request.body,
      });
      return {
        account: adminAccountView(account, deps.clock.now()),
        action: moderationActionView(action, userSummary(moderator)),
      };
    },
  );

  app.delete(
    '/posts/:postId',
    {
      schema: {
        params: PostIdParams,
        body: ContentDeletionBody,
        response: { 200: DeletedReply, '4xx': ErrorBody },
      },
      preValidation: noBodyIsEmpty,
      preHandler: app.requireUser,
    },
    (request) =>
      moderation.deletePost(deps, {
        moderator: viewerOf(request),
        postId: request.params.postId,
        reason: request.body.reason,
        reportId: request.body.reportId,
      }),
  );

  app.delete(
    '/posts/:postId/comments/:commentId',
    {
      schema: {
        params: CommentParams,
        body: ContentDeletionBody,
        response: { 200: DeletedReply, '4xx': ErrorBody },
      },
      preValidation: noBodyIsEmpty,
      preHandler: app.requireUser,
    },
    (request) =>
      moderation.deleteComment(deps, {
        moderator: viewerOf(request),
        postId: request.params.postId,
        commentId: request.params.commentId,
        reason: request.body.reason,
        reportId: request.body.reportId,
      }),
  );

  app.get(
    '/audit-log',
    {
      schema: { querystring: PageQuery, response: { 200: AuditLogReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) => moderation.auditLog(deps, { moderator: viewerOf(request), query: request.query }),
  );
};
