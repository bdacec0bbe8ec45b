import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { decodedComponent } from '../../platform/http/uri-components.js';
import { knownScopes } from '../../platform/auth/scopes.js';
import * as oauth from '../../use-cases/mastodon/oauth.js';
import { mastodonAccess } from './auth.js';
import { urisFor } from '../uris.js';
import { Application, Empty, OAuthServerMetadata, Token } from '@sync/contract/mastodon';
import { answeredWith } from './answer-schemas.js';

/** An Application entity; its credentials only in the answer that registers the app (the secret is kept hashed). */
function applicationView(app: oauth.AppRow, clientSecret?: string): Application {
  const redirectUris = app.redirect_uris.split('\n');
  return {
    id: app.id,
    name: app.name,
    website: app.website,
    scopes: app.scopes.split(' '),
    redirect_uri: redirectUris.join('\n'),
    redirect_uris: redirectUris,
    vapid_key: '',
    ...(clientSecret !== undefined && {
      client_id: app.client_id,
      client_secret: clientSecret,
      client_secret_expires_at: 0,
    }),
  };
}

/** A Token entity (RFC 6749's access token response). */
export const tokenView = (issued: oauth.IssuedToken): Token => ({
  access_token: issued.accessToken,
  token_type: 'Bearer',
  scope: issued.scopes.join(' '),
  created_at: Math.floor(issued.createdAt.getTime() / 1000),
});

/** An app's registration: `redirect_uris` a list, or one text of URIs separated by spaces or lines. */
const NewApp = Type.Object({
  client_name: Type.Optional(Type.String()),
  redirect_uris: Type.Array(Type.String(), { default: [] }),
  scopes: Type.Optional(Type.String()),
  website: Type.Optional(Type.String()),
});

/** `/api/v1/apps`: apps register themselves, and check their own token. */
export const appRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/', { schema: { body: NewApp, ...answeredWith(Application) } }, async (request) => {
    const { app: registered, clientSecret } = await oauth.registerApp(app.deps, request.body);
    return applicationView(registered, clientSecret);
  });

  app.get(
    '/verify_credentials',
    { preHandler: mastodonAccess(app, { user: false, scope: 'read' }), schema: answeredWith(Application) },
    async (request) => {
      const registered = await oauth.appOfAccess(app.deps, request.access!);
      return applicationView(registered);
    },
  );
};

/**
 * RFC 6749 section 2.3.1: a client may authenticate with HTTP Basic instead of the body, its id and
 * secret form-encoded. A header that does not read as such is a failed authentication (401).
 */
function basicCredentials(request: FastifyRequest): { id: string; secret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) throw oauth.invalidClient();
  const formDecoded = (text: string) => decodedComponent(text.replaceAll('+', ' '));
  const id = formDecoded(decoded.slice(0, colon));
  const secret = formDecoded(decoded.slice(colon + 1));
  if (id === undefined || secret === undefined) throw oauth.invalidClient();
  return { id, secret };
}

const text = Type.Optional(Type.String());

/** A token request's body (its client may authenticate with HTTP Basic instead); a revocation adds `token`. */
const TokenBody = Type.Object({
  grant_type: text,
  client_id: text,
  client_secret: text,
  code: text,
  redirect_uri: text,
  code_verifier: text,
  scope: text,
  username: text,
  password: text,
});
const RevokeBody = Type.Object({ ...TokenBody.properties, token: text });

const tokenRequestOf = (request: FastifyRequest, body: Static<typeof TokenBody>): oauth.TokenRequest => {
  const basic = basicCredentials(request);
  return {
    grant_type: body.grant_type,
    client_id: basic?.id ?? body.client_id,
    client_secret: basic?.secret ?? body.client_secret,
    code: body.code,
    redirect_uri: body.redirect_uri,
    code_verifier: body.code_verifier,
    scope: body.scope,
    username: body.username,
    password: body.password,
  };
};

/**
 * The OAuth 2 endpoints apps call (RFC 6749, 7009, 8414). `/oauth/authorize` itself is a page of the
 * web client (the consent screen), served as the client's other pages are.
 */
export const oauthEndpoints: FastifyPluginAsyncTypebox = async (app) => {
  for (const path of ['/oauth/token', '/oauth/revoke', '/.well-known/oauth-authorization-server']) {
    app.options(path, async (_request, reply) => reply.code(204).send());
  }

  app.post(
    '/oauth/token',
    {
      schema: { body: TokenBody, ...answeredWith(Token) },
      // A password grant is a login: the login's limits count it, by address and by account name,
      // together with Sync's own logins (platform/http/rate-limits.ts).
      preHandler: async (request, reply) => {
        if (request.body.grant_type !== 'password') return;
        await app.limits.loginByIp(request, reply);
        await app.limits.loginByUsername(request, reply);
      },
    },
    async (request, reply) => {
      const issued = await oauth.exchangeToken(app.deps, tokenRequestOf(request, request.body));
      reply.header('cache-control', 'no-store');
      return tokenView(issued);
    },
  );

  app.post('/oauth/revoke', { schema: { body: RevokeBody, ...answeredWith(Empty) } }, async (request) => {
    await oauth.revokeToken(app.deps, {
      ...tokenRequestOf(request, request.body),
      token: request.body.token,
    });
    return {};
  });

  app.get(
    '/.well-known/oauth-authorization-server',
    { schema: answeredWith(OAuthServerMetadata) },
    async (request) => {
      const uris = urisFor(request);
      return {
        issuer: uris.at('/'),
        service_documentation: 'https://docs.joinmastodon.org/',
        authorization_endpoint: uris.at('/oauth/authorize'),
        token_endpoint: uris.at('/oauth/token'),
        app_registration_endpoint: uris.at('/api/v1/apps'),
        revocation_endpoint: uris.at('/oauth/revoke'),
        scopes_supported: knownScopes,
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        code_challenge_methods_supported: ['S256'],
        grant_types_supported: oauth.grantTypesSupported,
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      };
    },
  );
};
