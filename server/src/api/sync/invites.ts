import { ErrorBody, IdParams, InviteBody, InviteReply, InvitesReply } from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { urisFor } from '../uris.js';
import * as invites from '../../use-cases/sync/invites.js';
import { viewerOf } from './auth.plugin.js';

/**
 * `/api/admin/invites` (permission `manage_rules_and_settings`): invite links, made and revoked. The
 * links point at the server as the admin reached it (behind a proxy: as the proxy says).
 */
export const inviteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  app.get(
    '/admin/invites',
    { schema: { response: { 200: InvitesReply, '4xx': ErrorBody } }, preHandler: app.requireUser },
    (request) => invites.invitesFor(deps, { actor: viewerOf(request), uris: urisFor(request) }),
  );

  app.post(
    '/admin/invites',
    {
      schema: { body: InviteBody, response: { 201: InviteReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    async (request, reply) =>
      reply.code(201).send(
        await invites.createInvite(deps, {
          actor: viewerOf(request),
          body: request.body,
          uris: urisFor(request),
        }),
      ),
  );

  app.delete(
    '/admin/invites/:id',
    {
      schema: { params: IdParams, response: { 200: InviteReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) =>
      invites.revokeInvite(deps, {
        actor: viewerOf(request),
        id: request.params.id,
        uris: urisFor(request),
      }),
  );
};
