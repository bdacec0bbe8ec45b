import {
  AppIdParams,
  AuthorizationDecisionBody,
  AuthorizationDecisionReply,
  AuthorizationQuery,
  AuthorizationRequestReply,
  AuthorizedAppsReply,
  ErrorBody,
  NoContent,
} from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as oauth from '../../use-cases/sync/oauth.js';
import { viewerOf } from './auth.plugin.js';

/**
 * The web client's side of the Mastodon API's OAuth provider (additive to the spec): the consent page
 * at /oauth/authorize reads what an app asks for and sends the signed-in person's decision; Settings
 * lists and revokes the apps with access.
 */
export const oauthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  app.get(
    '/authorization',
    {
      schema: {
        querystring: AuthorizationQuery,
        response: { 200: AuthorizationRequestReply, '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const checked = await oauth.checkAuthorization(deps, request.query);
      return {
        app: { name: checked.app.name, website: checked.app.website },
        scopes: checked.scopes,
        redirectUri: checked.redirectUri,
        alreadyApproved: await oauth.alreadyApproved(deps, viewerOf(request).id, checked),
      };
    },
  );

  app.post(
    '/authorization',
    {
      schema: {
        body: AuthorizationDecisionBody,
        response: { 200: AuthorizationDecisionReply, '4xx': ErrorBody },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { decision, ...query } = request.body;
      const checked = await oauth.checkAuthorization(deps, query);
      return decision === 'approve' ? oauth.approve(deps, viewerOf(request), checked) : oauth.deny(checked);
    },
  );

  app.get(
    '/apps',
    { schema: { response: { 200: AuthorizedAppsReply, '4xx': ErrorBody } }, preHandler: app.requireUser },
    async (request) => ({
      apps: (await oauth.authorizedApps(deps, viewerOf(request).id)).map((entry) => ({
        id: entry.app_id,
        name: entry.name,
        website: entry.website,
        scopes: entry.scopes.split(' '),
        authorizedAt: entry.created_at,
        lastUsedAt: entry.last_used_at,
      })),
    }),
  );

  app.delete(
    '/apps/:appId',
    {
      schema: { params: AppIdParams, response: { 204: NoContent, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      await oauth.revokeApp(deps, viewerOf(request).id, request.params.appId);
      return reply.code(204).send(null);
    },
  );
};
