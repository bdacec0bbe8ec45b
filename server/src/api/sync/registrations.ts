import { ErrorBody, RegistrationReply, UsernameParams } from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { decideRegistration } from '../../use-cases/sync/registrations.js';
import { viewerOf } from './auth.plugin.js';

/** `POST /api/admin/accounts/:username/approve|reject` (permission `manage_users`): the sign-ups queue. */
export const registrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/admin/accounts/:username/${decision}`,
      {
        schema: { params: UsernameParams, response: { 200: RegistrationReply, '4xx': ErrorBody } },
        preHandler: app.requireUser,
      },
      (request) =>
        decideRegistration(app.deps, {
          actor: viewerOf(request),
          username: request.params.username,
          decision,
        }),
    );
  }
};
