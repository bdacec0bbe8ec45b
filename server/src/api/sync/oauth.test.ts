import crypto from 'node:crypto';
import type { AuthorizationCode, AuthorizationRedirect } from '@sync/contract';
import { createOAuthAPIClient, createRestAPIClient, MastoHttpError } from 'masto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectError } from '../../test/expectations.js';
import { demoPassword, describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import {
  bearer,
  registerApp,
  testRedirectUri,
  type AuthorizationServerMetadata,
  type MastodonError,
  type OAuthToken,
  type RegisteredApp,
} from '../../test/mastodon.js';
import { codeKeptMs, codeLifetimeMs, outOfBand } from '../../use-cases/shared/oauth.js';

/**
 * The OAuth provider of the Mastodon API as an app and a person meet it: the consent page's API
 * (`/api/oauth/authorization`), the token endpoint, revocation, and Settings → Authorized apps.
 */

type Query = Record<string, string>;

/** A PKCE verifier and its S256 challenge (RFC 7636 appendix B). */
function pkcePair() {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

/** What masto.js throws for an error answer: the status and RFC 6749's `error` code. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; error: string }> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof MastoHttpError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.statusCode, error: error.message };
}

describeEachDatabase('Mastodon OAuth provider', (dialect) => {
  let server: TestServer;
  let session: string;
  beforeAll(async () => {
    server = await startServer(dialect);
    session = await server.login('maya.chen', demoPassword);
  });
  afterAll(() => server.close());

  const oauthClient = () => createOAuthAPIClient({ url: server.url });
  const restClient = (accessToken: string) => createRestAPIClient({ url: server.url, accessToken });

  const queryOf = (app: RegisteredApp, extra: Query = {}): Query => ({
    response_type: 'code',
    client_id: app.client_id,
    redirect_uri: app.redirect_uri,
    scope: 'read write',
    ...extra,
  });
  const consent = (query: Query, token = session) =>
    server.request('GET', `/api/oauth/authorization?${new URLSearchParams(query)}`, { token });
  /** The decision's answer: a redirect unless the app is out of band (`AuthorizationCode`) or refused. */
  const decide = <Answer = AuthorizationRedirect>(
    query: Query,
    decision: 'approve' | 'deny',
    token = session,
  ) => server.request<Answer>('POST', '/api/oauth/authorization', { token, body: { ...query, decision } });
  const approvedCode = async (query: Query, token = session) => {
    const reply = await decide(query, 'approve', token);
    expect(reply.status).toBe(200);
    const redirect = new URL(reply.body.redirectTo);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(query.redirect_uri);
    return redirect.searchParams.get('code')!;
  };
  /** The token request as masto.js sends it (a multipart form), for an app's code. */
  const exchange = (app: RegisteredApp, code: string, redirectUri = app.redirect_uri) =>
    oauthClient().token.create({
      grantType: 'authorization_code',
      clientId: app.client_id,
      clientSecret: app.client_secret,
      redirectUri,
      code,
    });
  /** Raw form posts, for what masto.js has no parameter for (PKCE's `code_verifier`). */
  const formPost = <Answer>(path: string, fields: Query) =>
    server.request<Answer>('POST', path, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: new URLSearchParams(fields).toString(),
    });
  const homeStatus = async (accessToken: string) =>
    (await server.request('GET', '/api/v1/timelines/home', { token: bearer(accessToken) })).status;
  const authorizedApps = async (token = session) => {
    const reply = await server.request('GET', '/api/oauth/apps', { token });
    expect(reply.status).toBe(200);
    return reply.body.apps as Array<Record<string, unknown>>;
  };

  it('the consent screen names the app, its website and the scopes asked for', async () => {
    const app = await registerApp(server, { name: 'Consent reader' });
    const reply = await consent(queryOf(app, { state: 'xyz' }));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      app: { name: 'Consent reader', website: 'https://app.example' },
      scopes: ['read', 'write'],
      redirectUri: testRedirectUri,
      alreadyApproved: false,
    });
    // No scope asked for is `read`, as Mastodon documents, not all the app registered.
    const { scope: _scope, ...withoutScope } = queryOf(app);
    expect((await consent(withoutScope)).body.scopes).toEqual(['read']);
    // Signed out, the page shows its login form first: the API answers 401.
    expect(
      (await server.request('GET', `/api/oauth/authorization?${new URLSearchParams(queryOf(app))}`)).status,
    ).toBe(401);
  });

  it('a request the page cannot honour is shown to the person (400), on both calls, and never redirected', async () => {
    const app = await registerApp(server, { scopes: 'read write' });
    const { verifier } = pkcePair();
    const invalid: Array<[string, Query, RegExp]> = [
      ['unknown client_id', queryOf(app, { client_id: 'no-such-client' }), /No app is registered/],
      [
        'redirect_uri not registered',
        queryOf(app, { redirect_uri: 'https://evil.example/cb' }),
        /redirect_uri/,
      ],
      ['scope beyond the app', queryOf(app, { scope: 'read write follow' }), /registered only the scopes/],
      ['admin scope', queryOf(app, { scope: 'admin:read' }), /registered only the scopes/],
      ['unknown scope', queryOf(app, { scope: 'read telepathy' }), /Unknown scope: telepathy/],
      ['implicit grant', queryOf(app, { response_type: 'token' }), /response_type=code/],
      ['challenge method', queryOf(app, { code_challenge: verifier, code_challenge_method: 'S512' }), /S256/],
      [
        'challenge too short',
        queryOf(app, { code_challenge: 'short', code_challenge_method: 'S256' }),
        /43 to 128/,
      ],
      [
        'challenge too long',
        queryOf(app, { code_challenge: 'a'.repeat(129), code_challenge_method: 'S256' }),
        /43 to 128/,
      ],
    ];
    for (const [why, query, message] of invalid) {
      for (const reply of [
        await consent(query),
        await decide(query, 'approve'),
        await decide(query, 'deny'),
      ]) {
        expect({ why, status: reply.status }).toEqual({ why, status: 400 });
        expectError(reply, 400);
        expect(reply.body.errors[0]).toMatch(message);
      }
    }
    const { client_id: _clientId, ...withoutClient } = queryOf(app);
    expectError(await consent(withoutClient), 400);
    // Nothing was issued on the way: the app holds no token, and no code waits to be exchanged.
    const codes = await server.database.db
      .selectFrom('oauth_codes')
      .select('app_id')
      .where('app_id', '=', app.id)
      .execute();
    expect(codes).toEqual([]);
  });

  it('approve: the code is traded once for a Bearer token that reads the home timeline', async () => {
    const app = await registerApp(server);
    const before = Math.floor(Date.now() / 1000);
    const reply = await decide(queryOf(app, { state: 'xyz' }), 'approve');
    expect(reply.status).toBe(200);
    const redirect = new URL(reply.body.redirectTo);
    expect(redirect.searchParams.get('state')).toBe('xyz');
    const code = redirect.searchParams.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const token = await exchange(app, code);
    expect(token).toMatchObject({ tokenType: 'Bearer', scope: 'read write' });
    expect(token.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token.createdAt).toBeGreaterThanOrEqual(before - 1);
    const home = await restClient(token.accessToken).v1.timelines.home.list();
    expect(Array.isArray(home)).toBe(true);

    expect(await refusal(exchange(app, code))).toEqual({ status: 400, error: 'invalid_grant' });
    // Another app's credentials cannot use a code either.
    const other = await registerApp(server);
    const stolen = await approvedCode(queryOf(app));
    expect(await refusal(exchange(other, stolen, app.redirect_uri))).toEqual({
      status: 400,
      error: 'invalid_grant',
    });
    expect(
      await refusal(exchange({ ...app, client_secret: 'wrong' }, await approvedCode(queryOf(app)))),
    ).toEqual({
      status: 401,
      error: 'invalid_client',
    });
  });

  it('a code is valid for 10 minutes', async () => {
    const app = await registerApp(server);
    const early = await approvedCode(queryOf(app));
    const late = await approvedCode(queryOf(app));
    server.clock.advance(codeLifetimeMs - 60_000);
    expect((await exchange(app, early)).accessToken).toBeTruthy();
    server.clock.advance(60_000 + 1_000);
    expect(await refusal(exchange(app, late))).toEqual({ status: 400, error: 'invalid_grant' });
  });

  it('PKCE S256: the right verifier gets the token without a client secret, a wrong or missing one does not', async () => {
    const app = await registerApp(server);
    const { verifier, challenge } = pkcePair();
    const query = queryOf(app, { code_challenge: challenge, code_challenge_method: 'S256' });
    const trade = async (fields: Query) =>
      formPost<OAuthToken>('/oauth/token', {
        grant_type: 'authorization_code',
        client_id: app.client_id,
        redirect_uri: app.redirect_uri,
        code: await approvedCode(query),
        ...fields,
      });
    const wrongVerifiers: Query[] = [
      { code_verifier: pkcePair().verifier },
      {},
      { code_verifier: challenge },
      { code_verifier: challenge + verifier },
    ];
    for (const wrong of wrongVerifiers) {
      const reply = await trade(wrong);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
    }
    const reply = await trade({ code_verifier: verifier });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(await homeStatus(reply.body.access_token)).toBe(200);
  });

  it('PKCE plain is refused as the metadata says (RFC 9700 §2.1.1): only S256 is listed and accepted', async () => {
    const metadata = await server.request<AuthorizationServerMetadata>(
      'GET',
      '/.well-known/oauth-authorization-server',
    );
    expect(metadata.body.code_challenge_methods_supported).toEqual(['S256']);
    const app = await registerApp(server);
    const { verifier } = pkcePair();
    // Without a method, RFC 7636 reads the challenge as plain.
    for (const query of [
      queryOf(app, { code_challenge: verifier, code_challenge_method: 'plain' }),
      queryOf(app, { code_challenge: verifier }),
    ]) {
      for (const reply of [await consent(query), await decide(query, 'approve')]) {
        expectError(reply, 400);
        expect(reply.body.errors[0]).toMatch(/S256/);
      }
    }
  });

  it('a code issued without a code_challenge is not exchanged with a code_verifier (PKCE downgrade, RFC 9700 §4.8.2)', async () => {
    const app = await registerApp(server);
    const { verifier } = pkcePair();
    const reply = await formPost('/oauth/token', {
      grant_type: 'authorization_code',
      client_id: app.client_id,
      client_secret: app.client_secret,
      redirect_uri: app.redirect_uri,
      code: await approvedCode(queryOf(app)),
      code_verifier: verifier,
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/without a code_challenge/),
    });
  });

  it('without PKCE the code needs the client secret', async () => {
    const app = await registerApp(server);
    const reply = await formPost<MastodonError>('/oauth/token', {
      grant_type: 'authorization_code',
      client_id: app.client_id,
      redirect_uri: app.redirect_uri,
      code: await approvedCode(queryOf(app)),
    });
    expect(reply.status).toBe(401);
    expect(reply.body.error).toBe('invalid_client');
  });

  it('the token request must name the redirect_uri the code was issued for', async () => {
    const second = 'https://app.example/other';
    const app = await registerApp(server, { redirectUri: `${testRedirectUri} ${second}` });
    const code = await approvedCode(queryOf(app, { redirect_uri: testRedirectUri }));
    expect(await refusal(exchange(app, code, second))).toEqual({ status: 400, error: 'invalid_grant' });
    const next = await approvedCode(queryOf(app, { redirect_uri: second }));
    expect((await exchange(app, next, second)).accessToken).toBeTruthy();
  });

  it('a redirect_uri the authorization request named is required in the token request (RFC 6749 §4.1.3)', async () => {
    const app = await registerApp(server);
    const trade = <Answer>(code: string, fields: Query = {}) =>
      formPost<Answer>('/oauth/token', {
        grant_type: 'authorization_code',
        client_id: app.client_id,
        client_secret: app.client_secret,
        code,
        ...fields,
      });
    const withoutRedirect = await trade(await approvedCode(queryOf(app)));
    expect(withoutRedirect.status).toBe(400);
    expect(withoutRedirect.body).toEqual({
      error: 'invalid_request',
      error_description: expect.stringMatching(/redirect_uri/),
    });
    // An authorization request that named none (the app registered one) needs none; one that is
    // given must still be the app's.
    const { redirect_uri: _redirectUri, ...unnamed } = queryOf(app);
    const unnamedCode = async () =>
      new URL((await decide(unnamed, 'approve')).body.redirectTo).searchParams.get('code')!;
    expect((await trade(await unnamedCode())).status).toBe(200);
    const elsewhere = await trade<MastodonError>(await unnamedCode(), {
      redirect_uri: 'https://app.example/elsewhere',
    });
    expect(elsewhere.body.error).toBe('invalid_grant');
  });

  it('a code presented again is refused and the token it gave is revoked (RFC 6749 §4.1.2)', async () => {
    const app = await registerApp(server);
    const code = await approvedCode(queryOf(app));
    const token = await exchange(app, code);
    expect(await homeStatus(token.accessToken)).toBe(200);
    expect(await refusal(exchange(app, code))).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await homeStatus(token.accessToken)).toBe(401);
    // Another code's token is not touched.
    const other = await exchange(app, await approvedCode(queryOf(app)));
    expect(await refusal(exchange(app, code))).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await homeStatus(other.accessToken)).toBe(200);
  });

  it('codes are purged by the scheduled jobs a day after they were issued, exchanged or not', async () => {
    const app = await registerApp(server);
    const codesOfApp = async () =>
      (
        await server.database.db
          .selectFrom('oauth_codes')
          .select('created_at')
          .where('app_id', '=', app.id)
          .execute()
      ).length;
    await approvedCode(queryOf(app));
    await exchange(app, await approvedCode(queryOf(app)));
    server.clock.advance(codeKeptMs - 60_000);
    const recent = await approvedCode(queryOf(app));
    await server.app.jobs.runDue();
    expect(await codesOfApp()).toBe(3);
    server.clock.advance(2 * 60 * 60_000);
    await server.app.jobs.runDue();
    expect(await codesOfApp()).toBe(1);
    // The code issued later is still there, and still refused once expired.
    expect(await refusal(exchange(app, recent))).toEqual({ status: 400, error: 'invalid_grant' });
  });

  it('a malformed Basic client authentication is invalid_client (401), not a server error', async () => {
    for (const path of ['/oauth/token', '/oauth/revoke']) {
      for (const credentials of ['JTp4', Buffer.from('no colon').toString('base64')]) {
        const reply = await server.request<MastodonError>('POST', path, {
          headers: {
            authorization: `Basic ${credentials}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          rawBody: new URLSearchParams({ grant_type: 'client_credentials', token: 'x' }).toString(),
        });
        expect({ path, credentials, status: reply.status, error: reply.body.error }).toEqual({
          path,
          credentials,
          status: 401,
          error: 'invalid_client',
        });
      }
    }
  });

  it('deny: the app hears access_denied with its state, and no code', async () => {
    const app = await registerApp(server, { redirectUri: 'https://app.example/callback?from=sync' });
    const reply = await decide(queryOf(app, { state: 'xyz' }), 'deny');
    expect(reply.status).toBe(200);
    const redirect = new URL(reply.body.redirectTo);
    expect(`${redirect.origin}${redirect.pathname}`).toBe('https://app.example/callback');
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      from: 'sync',
      error: 'access_denied',
      state: 'xyz',
    });
    expect(
      await server.database.db
        .selectFrom('oauth_codes')
        .select('app_id')
        .where('app_id', '=', app.id)
        .execute(),
    ).toEqual([]);
  });

  it('out of band: the code comes in the answer, to copy into the app', async () => {
    const app = await registerApp(server, { redirectUri: outOfBand });
    const reply = await decide<AuthorizationCode>(queryOf(app), 'approve');
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body)).toEqual(['code']);
    const token = await exchange(app, reply.body.code, outOfBand);
    expect(await homeStatus(token.accessToken)).toBe(200);
    expect((await decide(queryOf(app), 'deny')).body).toEqual({ redirectTo: '/' });
  });

  it('an app approved before with the same scopes may skip the question', async () => {
    const app = await registerApp(server);
    const query = queryOf(app);
    expect((await consent(query)).body.alreadyApproved).toBe(false);
    await exchange(app, await approvedCode(query));
    expect((await consent(query)).body.alreadyApproved).toBe(true);
    // The same scopes in another order are the same approval.
    expect((await consent(queryOf(app, { scope: 'write read' }))).body.alreadyApproved).toBe(true);
    // More or other scopes are asked about again; so is another person.
    expect((await consent(queryOf(app, { scope: 'read write follow' }))).body.alreadyApproved).toBe(false);
    expect((await consent(queryOf(app, { scope: 'read' }))).body.alreadyApproved).toBe(false);
    const other = await server.login('lena.k', demoPassword);
    expect((await consent(query, other)).body.alreadyApproved).toBe(false);
  });

  it('Settings lists the apps with access, their scopes and last use; Revoke ends their tokens', async () => {
    const { token: owner } = await server.signup(`oauth_${dialect}_list`);
    const app = await registerApp(server, { name: 'Listed app' });
    const firstToken = await exchange(app, await approvedCode(queryOf(app, { scope: 'read' }), owner));
    const secondToken = await exchange(app, await approvedCode(queryOf(app, { scope: 'write' }), owner));
    const [listed, ...others] = await authorizedApps(owner);
    expect(others).toEqual([]);
    expect(listed).toEqual({
      id: app.id,
      name: 'Listed app',
      website: 'https://app.example',
      scopes: ['write', 'read'],
      authorizedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      lastUsedAt: null,
    });
    expect(await homeStatus(firstToken.accessToken)).toBe(200);
    const [used] = await authorizedApps(owner);
    expect(Date.parse(String(used!.lastUsedAt))).toBeGreaterThanOrEqual(
      Date.parse(String(used!.authorizedAt)),
    );
    // Someone else's list does not show it.
    expect((await authorizedApps()).map((entry) => entry.id)).not.toContain(app.id);

    const revoke = (id: string, token = owner) =>
      server.request('DELETE', `/api/oauth/apps/${id}`, { token });
    expectError(await revoke(app.id, session), 404);
    expect(await homeStatus(firstToken.accessToken)).toBe(200);
    const revoked = await revoke(app.id);
    expect(revoked.status).toBe(204);
    expect(revoked.body).toBeUndefined();
    for (const token of [firstToken, secondToken]) {
      const reply = await server.request('GET', '/api/v1/timelines/home', {
        token: bearer(token.accessToken),
      });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ error: 'The access token is invalid' });
    }
    expect(await authorizedApps(owner)).toEqual([]);
    expectError(await revoke(app.id), 404, 'This app has no access to your account.');
    expectError(await revoke('0190f0c0-0000-7000-8000-000000000000'), 404);
  });

  it('a password change ends every app’s access', async () => {
    const { token: owner } = await server.signup(`oauth_${dialect}_password`);
    const tokens = [];
    for (const name of ['First app', 'Second app']) {
      const app = await registerApp(server, { name });
      tokens.push((await exchange(app, await approvedCode(queryOf(app), owner))).accessToken);
    }
    expect((await authorizedApps(owner)).map((entry) => entry.name).sort()).toEqual([
      'First app',
      'Second app',
    ]);
    const changed = await server.request('POST', '/api/account/password', {
      token: owner,
      body: { currentPassword: 'password123', newPassword: 'another-password-456' },
    });
    expect(changed.status).toBe(200);
    for (const token of tokens) expect(await homeStatus(token)).toBe(401);
    expect(await authorizedApps(changed.body.encodedToken)).toEqual([]);
  });

  it('deleting the account ends its apps’ access', async () => {
    const { token: owner } = await server.signup(`oauth_${dialect}_deleted`);
    const app = await registerApp(server);
    const { accessToken } = await exchange(app, await approvedCode(queryOf(app), owner));
    expect(await homeStatus(accessToken)).toBe(200);
    const deleted = await server.request('POST', '/api/account/delete', {
      token: owner,
      body: { password: 'password123' },
    });
    expect(deleted.status).toBe(200);
    expect(await homeStatus(accessToken)).toBe(401);
  });

  it('/oauth/revoke (RFC 7009): the app ends its own token; an unknown token is no error', async () => {
    const app = await registerApp(server);
    const token = await exchange(app, await approvedCode(queryOf(app)));
    const other = await registerApp(server);
    // Another app's credentials revoke nothing of this app's.
    await oauthClient().revoke({
      clientId: other.client_id,
      clientSecret: other.client_secret,
      token: token.accessToken,
    });
    expect(await homeStatus(token.accessToken)).toBe(200);
    expect(
      await refusal(
        oauthClient().revoke({ clientId: app.client_id, clientSecret: 'wrong', token: token.accessToken }),
      ),
    ).toEqual({ status: 401, error: 'invalid_client' });
    expect(await homeStatus(token.accessToken)).toBe(200);

    await oauthClient().revoke({
      clientId: app.client_id,
      clientSecret: app.client_secret,
      token: token.accessToken,
    });
    expect(await homeStatus(token.accessToken)).toBe(401);
    const again = await formPost('/oauth/revoke', {
      client_id: app.client_id,
      client_secret: app.client_secret,
      token: token.accessToken,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({});
  });

  it('client_credentials: an app token reads public data and cannot act as a person', async () => {
    const app = await registerApp(server);
    const token = await oauthClient().token.create({
      grantType: 'client_credentials',
      clientId: app.client_id,
      clientSecret: app.client_secret,
      redirectUri: app.redirect_uri,
      scope: 'read',
    });
    expect(token).toMatchObject({ tokenType: 'Bearer', scope: 'read' });
    const statuses = await restClient(token.accessToken).v1.timelines.public.list({ limit: 2 });
    expect(statuses.length).toBeGreaterThan(0);
    const home = await server.request('GET', '/api/v1/timelines/home', { token: bearer(token.accessToken) });
    expect(home.status).toBe(422);
    expect(home.body).toEqual({ error: 'This method requires an authenticated user' });
    // The app's own token is nobody's authorized app.
    expect((await authorizedApps()).map((entry) => entry.id)).not.toContain(app.id);

    const withoutSecret = await formPost<MastodonError>('/oauth/token', {
      grant_type: 'client_credentials',
      client_id: app.client_id,
    });
    expect(withoutSecret.status).toBe(401);
    expect(withoutSecret.body.error).toBe('invalid_client');
    const beyond = await formPost<MastodonError>('/oauth/token', {
      grant_type: 'client_credentials',
      client_id: app.client_id,
      client_secret: app.client_secret,
      scope: 'admin:read',
    });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toBe('invalid_scope');
  });

  it('an app’s website is an http(s) URL: it is shown as a link', async () => {
    for (const website of ['javascript:alert(1)', 'not a url', `https://app.example/${'a'.repeat(2000)}`]) {
      const reply = await server.request<MastodonError>('POST', '/api/v1/apps', {
        body: { client_name: 'Odd site', redirect_uris: testRedirectUri, website },
      });
      expect(reply.status).toBe(422);
      expect(reply.body.error).toMatch(/Website/);
    }
    const longRedirect = await server.request('POST', '/api/v1/apps', {
      body: { client_name: 'Long redirect', redirect_uris: `https://app.example/${'a'.repeat(2000)}` },
    });
    expect(longRedirect.status).toBe(422);
  });
});
