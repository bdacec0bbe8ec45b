import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { registerAccount } from '../../use-cases/mastodon/auth.js';
import { tokenForNewAccount } from '../../use-cases/mastodon/oauth.js';
import { invalidToken, mastodonAccess } from './auth.js';
import { tokenView } from './oauth.js';
import { Token } from '@sync/contract/mastodon';
import { answeredWith } from './answer-schemas.js';

/** A sign-up, as Mastodon's `POST /api/v1/accounts` takes it (`locale` is left: see below). */
const SignUp = Type.Object({
  username: Type.String({ default: '' }),
  email: Type.String({ default: '' }),
  password: Type.String({ default: '' }),
  agreement: Type.Boolean({ default: false }),
  reason: Type.Optional(Type.String()),
  invite_code: Type.Optional(Type.String()),
});

/**
 * `POST /api/v1/accounts`: an app signs a person up with its own token (client_credentials, scope
 * `write:accounts`) and gets theirs back, as Mastodon answers: the server's registrations decide (its
 * mode, an `invite_code`, a `reason` when moderators approve sign-ups), `agreement` to its rules is
 * required. A sign-up that waits for approval, or for its address to be confirmed (the instance's
 * `required` confirmation), gets its token too; it is refused (403) until then (api/mastodon/auth.ts).
 * `locale` is taken and left: Sync's mail is in English.
 */
export const registrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      preHandler: [mastodonAccess(app, { user: false, scope: 'write:accounts' }), app.limits.signup],
      schema: { body: SignUp, ...answeredWith(Token) },
    },
    async (request, reply) => {
      const { access, body } = request;
      if (!access) throw invalidToken();
      const account = await registerAccount(app.deps, {
        username: body.username,
        email: body.email,
        password: body.password,
        agreement: body.agreement,
        reason: body.reason,
        inviteCode: body.invite_code,
        appId: access.app.id,
      });
      reply.header('cache-control', 'no-store');
      return tokenView(await tokenForNewAccount(app.deps, access, account.id));
    },
  );
};
