/**
 * The OAuth password grant (`grant_type=password`), as `toot login_cli`, bots and scripts sign in: a
 * person's username or email address and password, for an app that authenticates itself. It is the
 * login's check (the same refusals, the same rate limits), answered in OAuth's words, and the token it
 * gives is like any other.
 */
import { createOAuthAPIClient, createRestAPIClient } from 'masto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../test/expectations.js';
import {
  demoPassword,
  describeEachDatabase,
  guestAccount,
  startServer,
  type TestServer,
} from '../../test/harness.js';
import {
  bearer,
  registerApp,
  type AuthorizationServerMetadata,
  type MastodonError,
  type OAuthToken,
  type RegisteredApp,
} from '../../test/mastodon.js';
import { confirmBeforeLogin, waitingForApproval } from '../../use-cases/shared/sign-in.js';
import { suspendedMessage } from '../../use-cases/shared/moderation-state.js';
import { sharedGuestRefusals } from '../../use-cases/shared/shared-guest.js';

type Fields = Record<string, string>;

/** A form post; its answer typed as the test expects it (`OAuthToken` or `MastodonError`). */
const formPost = <Answer>(server: TestServer, path: string, fields: Fields, headers: Fields = {}) =>
  server.request<Answer>('POST', path, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    rawBody: new URLSearchParams(fields).toString(),
  });

const passwordGrant = <Answer>(
  server: TestServer,
  app: RegisteredApp,
  fields: Fields,
  headers: Fields = {},
) =>
  formPost<Answer>(
    server,
    '/oauth/token',
    { grant_type: 'password', client_id: app.client_id, client_secret: app.client_secret, ...fields },
    headers,
  );

describeEachDatabase('Mastodon API: the password grant', (dialect) => {
  let server: TestServer;
  let maya: string;
  let app: RegisteredApp;
  beforeAll(async () => {
    server = await startServer(dialect);
    maya = await server.login('maya.chen', demoPassword);
    app = await registerApp(server, { scopes: 'read write' });
  });
  afterAll(() => server.close());

  const tokensOfApp = async () =>
    (await server.database.db.selectFrom('oauth_tokens').select('id').where('app_id', '=', app.id).execute())
      .length;
  const setting = async (body: Record<string, string>) => {
    const reply = await server.request('PUT', '/api/admin/settings', { token: maya, body });
    expect(reply.status).toBe(200);
  };
  const refusedWith = async (fields: Fields, description: string) => {
    const before = await tokensOfApp();
    const reply = await passwordGrant(server, app, fields);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: 'invalid_grant', error_description: description });
    expect(await tokensOfApp()).toBe(before);
  };

  it('masto.js signs in with an email address and password; the token works like any other', async () => {
    const username = uniqueName('cli');
    const email = `${username}@example.org`;
    const { token: session } = await server.signup(username, { email });
    const token = await createOAuthAPIClient({ url: server.url }).token.create({
      grantType: 'password',
      clientId: app.client_id,
      clientSecret: app.client_secret,
      redirectUri: app.redirect_uri,
      username: email.toUpperCase(),
      password: 'password123',
      scope: 'read write',
    });
    expect(token).toMatchObject({ tokenType: 'Bearer', scope: 'read write' });
    const person = createRestAPIClient({ url: server.url, accessToken: token.accessToken });
    expect((await person.v1.accounts.verifyCredentials()).username).toBe(username);
    const status = await person.v1.statuses.create({ status: 'Signed in from the command line' });
    expect(status.account.username).toBe(username);
    // Settings lists the app, and revoking it there ends the token.
    const apps = await server.request('GET', '/api/oauth/apps', { token: session });
    expect(apps.body.apps.map((entry: { id: string }) => entry.id)).toEqual([app.id]);
    expect((await server.request('DELETE', `/api/oauth/apps/${app.id}`, { token: session })).status).toBe(
      204,
    );
    const home = await server.request('GET', '/api/v1/timelines/home', { token: bearer(token.accessToken) });
    expect(home.status).toBe(401);
  });

  it('a username signs in too; no scope asked for is read, and a scope beyond the app’s is refused', async () => {
    const username = uniqueName('bot');
    await server.signup(username);
    const reply = await passwordGrant<OAuthToken>(server, app, { username, password: 'password123' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.body).toMatchObject({ token_type: 'Bearer', scope: 'read' });
    const write = await server.request('POST', '/api/v1/statuses', {
      token: bearer(reply.body.access_token),
      body: { status: 'Read only' },
    });
    expect(write.status).toBe(403);

    const before = await tokensOfApp();
    for (const scope of ['read follow', 'admin:read', 'read telepathy']) {
      const beyond = await passwordGrant<MastodonError>(server, app, {
        username,
        password: 'password123',
        scope,
      });
      expect({ scope, status: beyond.status, error: beyond.body.error }).toEqual({
        scope,
        status: 400,
        error: 'invalid_scope',
      });
    }
    expect(await tokensOfApp()).toBe(before);
  });

  it('the app must authenticate with its secret (401 invalid_client)', async () => {
    const username = uniqueName('nosecret');
    await server.signup(username);
    const { client_secret: _secret, ...withoutSecret } = app;
    for (const client of [
      withoutSecret,
      { ...app, client_secret: 'wrong' },
      { ...app, client_id: 'nobody' },
    ]) {
      const reply = await formPost<MastodonError>(server, '/oauth/token', {
        grant_type: 'password',
        ...client,
        username,
        password: 'password123',
      });
      expect(reply.status).toBe(401);
      expect(reply.body.error).toBe('invalid_client');
    }
  });

  it('a wrong password or an unknown account is invalid_grant, in the same words', async () => {
    const words = 'The username (or email address) or the password is not correct.';
    await refusedWith({ username: 'maya.chen', password: 'not-her-password' }, words);
    await refusedWith({ username: 'nobody.here', password: demoPassword }, words);
    await refusedWith({ username: 'nobody@example.org', password: demoPassword }, words);
    await refusedWith({ username: 'maya.chen' }, words);
  });

  it('the login’s refusals: approval pending, suspended, address unconfirmed, the shared guest', async () => {
    await setting({ registrationsMode: 'approval' });
    const waiting = uniqueName('waiting');
    const signedUp = await server.request('POST', '/api/auth/signup', {
      body: { username: waiting, password: 'password123', firstName: 'W', lastName: 'A', reason: 'Hello' },
    });
    expect(signedUp.status).toBe(202);
    await setting({ registrationsMode: 'open' });
    await refusedWith({ username: waiting, password: 'password123' }, waitingForApproval);

    const suspended = uniqueName('suspended');
    await server.signup(suspended);
    const action = await server.request('POST', `/api/admin/accounts/${suspended}/actions`, {
      token: maya,
      body: { type: 'suspend', text: 'Spam' },
    });
    expect(action.status).toBe(200);
    await refusedWith({ username: suspended, password: 'password123' }, suspendedMessage);

    await setting({ emailConfirmation: 'required' });
    try {
      const unconfirmed = uniqueName('unconfirmed');
      const reply = await server.request('POST', '/api/auth/signup', {
        body: {
          username: unconfirmed,
          password: 'password123',
          firstName: 'U',
          lastName: 'C',
          email: `${unconfirmed}@example.org`,
        },
      });
      expect(reply.status).toBe(202);
      await refusedWith(
        { username: `${unconfirmed}@example.org`, password: 'password123' },
        confirmBeforeLogin,
      );
    } finally {
      await setting({ emailConfirmation: 'optional' });
    }

    await refusedWith(guestAccount, sharedGuestRefusals.apps);
  });

  it('the server’s metadata lists the password grant', async () => {
    const metadata = await server.request<AuthorizationServerMetadata>(
      'GET',
      '/.well-known/oauth-authorization-server',
    );
    expect(metadata.body.grant_types_supported).toEqual([
      'authorization_code',
      'client_credentials',
      'password',
    ]);
  });

  describe('under the login’s rate limits', () => {
    const attempts = 3;
    let limited: TestServer;
    let limitedApp: RegisteredApp;
    beforeAll(async () => {
      limited = await startServer(dialect, {
        env: { RATE_LIMITS: 'on', RATE_LIMIT_LOGIN: String(attempts), TRUST_PROXY: '1' },
      });
      limitedApp = await registerApp(limited);
    });
    afterAll(() => limited.close());

    it('guesses at one account are counted with its logins: past the limit 429 with Retry-After, from any address', async () => {
      const username = uniqueName('guessed');
      await limited.signup(username);
      for (let attempt = 1; attempt < attempts; attempt += 1) {
        const guess = await passwordGrant(
          limited,
          limitedApp,
          { username, password: `guess-${attempt}` },
          { 'x-forwarded-for': `10.30.0.${attempt}` },
        );
        expect(guess.status).toBe(400);
      }
      // The Sync login counts against the same account.
      const login = await limited.request('POST', '/api/auth/login', {
        headers: { 'x-forwarded-for': '10.30.1.1' },
        body: { username, password: 'guess-login' },
      });
      expect(login.status).toBe(401);
      const locked = await passwordGrant<MastodonError>(
        limited,
        limitedApp,
        { username, password: 'password123' },
        { 'x-forwarded-for': '10.30.2.1' },
      );
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(locked.body.error).toMatch(/^Too many login attempts for this username\. Try again in /);
    });

    it('one address trying many accounts is limited too', async () => {
      const from = { 'x-forwarded-for': '10.40.0.1' };
      for (let attempt = 1; attempt <= attempts; attempt += 1) {
        const reply = await passwordGrant(
          limited,
          limitedApp,
          { username: uniqueName('spray'), password: 'password123' },
          from,
        );
        expect(reply.status).toBe(400);
      }
      const reply = await passwordGrant<MastodonError>(
        limited,
        limitedApp,
        { username: 'maya.chen', password: demoPassword },
        from,
      );
      expect(reply.status).toBe(429);
      expect(reply.body.error).toMatch(/^Too many login attempts\. Try again in /);
    });

    it('other grants are not counted as logins', async () => {
      const from = { 'x-forwarded-for': '10.50.0.1' };
      for (let attempt = 0; attempt <= attempts; attempt += 1) {
        const reply = await formPost(
          limited,
          '/oauth/token',
          {
            grant_type: 'client_credentials',
            client_id: limitedApp.client_id,
            client_secret: limitedApp.client_secret,
          },
          from,
        );
        expect(reply.status).toBe(200);
      }
    });
  });
});
