import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { resendConfirmationForApp } from '../../use-cases/mastodon/email.js';
import { invalidToken, mastodonAccess, mastodonViewer } from './auth.js';
import { Empty } from '@sync/contract/mastodon';
import { answeredWith } from './answer-schemas.js';

/**
 * `POST /api/v1/emails/confirmations`: the app that signed a person up asks for the link to confirm
 * their address again, to a corrected address when `email` is given (docs/decisions/100). It answers
 * while the person is still held back for that address, so it takes their token before admission; the
 * mail is limited per address and per network as Sync's own resend is.
 */
export const emailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/confirmations',
    {
      preHandler: [
        mastodonAccess(app, { user: true, scope: 'write:accounts', beforeAdmission: true }),
        app.limits.emailByIp,
        app.limits.emailByAddress,
      ],
      schema: { body: Type.Object({ email: Type.Optional(Type.String()) }), ...answeredWith(Empty) },
    },
    async (request) => {
      if (!request.access) throw invalidToken();
      await resendConfirmationForApp(app.deps, {
        viewer: mastodonViewer(request),
        appId: request.access.app.id,
        email: request.body.email,
      });
      return {};
    },
  );
};
