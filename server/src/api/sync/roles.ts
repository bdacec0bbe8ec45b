import { ErrorBody, RoleBody, RoleReply, UsernameParams } from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changeRole } from '../../use-cases/sync/roles.js';
import { viewerOf } from './auth.plugin.js';

/** `PUT /api/admin/accounts/:username/role` (permission `manage_roles`). */
export const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/admin/accounts/:username/role',
    {
      schema: { params: UsernameParams, body: RoleBody, response: { 200: RoleReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) =>
      changeRole(app.deps, {
        actor: viewerOf(request),
        username: request.params.username,
        role: request.body.role,
      }),
  );
};
