import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { decodedComponent } from '../../platform/http/uri-components.js';
import { knownScopes } from '../../platform/auth/scopes.js';
import * as oauth from '../../use-cases/mastodon/oauth.js';
import { mastodonAccess } from './auth.js';
import { listParam, stringParam } from './params.js';
import { urisFor } from '../uris.js';

/** An Application entity; its credentials only in the answer that registers the app (the secret is kept hashed). */
function applicationView(app: oauth.AppRow, clientSecret?: string) {
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
export const tokenView = (issued: oauth.IssuedToken) => ({
  access_token: issued.accessToken,
  token_type: 'Bearer',
  scope: issued.scopes.join(' '),
  created_at: Math.floor(issued.createdAt.getTime() / 1000),
});

/** `/api/v1/apps`: apps register themselves, and check their own token. */
export const appRoutes: FastifyPluginAsync = async (app) => {
  app.post('/', async (request) => {
    const body = request.body;
    const redirectUris = listParam(body, 'redirect_uris');
    const { app: registered, clientSecret } = await oauth.registerApp(app.deps, {
      client_name: stringParam(body, 'client_name'),
      redirect_uris: redirectUris.length > 0 ? redirectUris : stringParam(body, 'redirect_uris'),
      scopes: stringParam(body, 'scopes'),
      website: stringParam(body, 'website'),
    });
    return applicationView(registered, clientSecret);
  });

  app.get(
    '/verify_credentials',
    { preHandler: mastodonAccess(app, { user: false, scope: 'read' }) },
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

const tokenRequestOf = (request: FastifyRequest): oauth.TokenRequest => {
  const body = request.body;
  const basic = basicCredentials(request);
  return {
    grant_type: stringParam(body, 'grant_type'),
    client_id: basic?.id ?? stringParam(body, 'client_id'),
    client_secret: basic?.secret ?? stringParam(body, 'client_secret'),
    code: stringParam(body, 'code'),
    redirect_uri: stringParam(body, 'redirect_uri'),
    code_verifier: stringParam(body, 'code_verifier'),
    scope: stringParam(body, 'scope'),
    username: stringParam(body, 'username'),
    password: stringParam(body, 'password'),
  };
};

/**
 * The OAuth 2 endpoints apps call (RFC 6749, 7009, 8414). `/oauth/authorize` itself is a page of the
 * web client (the consent screen), served as the client's other pages are.
 */
export const oauthEndpoints: FastifyPluginAsync = async (app) => {
  for (const path of ['/oauth/token', '/oauth/revoke', '/.well-known/oauth-authorization-server']) {
    app.options(path, async (_request, reply) => reply.code(204).send());
  }

  // A password grant is a login: the login's limits count it, by address and by account name, together
  // with Sync's own logins (platform/http/rate-limits.ts).
  const loginLimits = async (request: FastifyRequest, reply: FastifyReply) => {
    if (stringParam(request.body, 'grant_type') !== 'password') return;
    await app.limits.loginByIp(request, reply);
    await app.limits.loginByUsername(request, reply);
  };

  app.post('/oauth/token', { preHandler: loginLimits }, async (request, reply) => {
    const issued = await oauth.exchangeToken(app.deps, tokenRequestOf(request));
    reply.header('cache-control', 'no-store');
    return tokenView(issued);
  });

  app.post('/oauth/revoke', async (request) => {
    await oauth.revokeToken(app.deps, {
      ...tokenRequestOf(request),
      token: stringParam(request.body, 'token'),
    });
    return {};
  });

  app.get('/.well-known/oauth-authorization-server', async (request) => {
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
  });
};
