/**
 * Signing up from a Mastodon app, through masto.js: `POST /api/v1/accounts` with the app's own token
 * (agreement required, the registrations mode deciding, an invite code, a reason waiting for approval
 * and the token refused until then), and what the app reads first: the instance's registrations, rules
 * and contact (v1 and v2) and `/api/v1/instance/rules`.
 */
import { createRestAPIClient, type mastodon } from 'masto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../test/expectations.js';
import { demoPassword, describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { readOutbox, tokenOf } from '../../test/mail.js';
import { accessToken, bearer, failure, registerApp, type OAuthToken } from '../../test/mastodon.js';

describeEachDatabase('Mastodon API: registrations, rules and the instance', (dialect) => {
  let server: TestServer;
  let maya: string;
  /** An app's own token (client_credentials), as apps get one to sign people up. */
  let appToken: string;
  let app: mastodon.rest.Client;
  const visitor = () => createRestAPIClient({ url: server.url });

  beforeAll(async () => {
    server = await startServer(dialect);
    maya = await server.login('maya.chen', demoPassword);
    const registered = await registerApp(server, { scopes: 'read write follow' });
    const token = await server.request<OAuthToken>('POST', '/oauth/token', {
      body: {
        grant_type: 'client_credentials',
        client_id: registered.client_id,
        client_secret: registered.client_secret,
        scope: 'read write',
      },
    });
    appToken = token.body.access_token;
    app = createRestAPIClient({ url: server.url, accessToken: appToken });
  });
  afterAll(() => server.close());

  const setMode = async (registrationsMode: string) => {
    const reply = await server.request('PUT', '/api/admin/settings', {
      token: maya,
      body: { registrationsMode },
    });
    expect(reply.status).toBe(200);
  };
  const account = (extra: Partial<mastodon.rest.v1.CreateAccountParams> = {}) => ({
    username: uniqueName('app'),
    email: `${uniqueName('mail')}@example.org`,
    password: 'password123',
    agreement: true,
    locale: 'en',
    ...extra,
  });

  describe('POST /api/v1/accounts', () => {
    beforeAll(() => setMode('open'));

    it('signs a person up and answers their token, with the scopes of the app’s token', async () => {
      const params = account();
      const token = await app.v1.accounts.create(params);
      expect(token).toMatchObject({ tokenType: 'Bearer', scope: 'read write' });
      expect(token.createdAt).toEqual(expect.any(Number));
      const person = createRestAPIClient({ url: server.url, accessToken: token.accessToken });
      const me = await person.v1.accounts.verifyCredentials();
      expect(me).toMatchObject({ username: params.username, displayName: params.username });
      // The Sync password works on the web client too.
      expect(
        (
          await server.request('POST', '/api/auth/login', {
            body: { username: params.username, password: 'password123' },
          })
        ).status,
      ).toBe(200);
    });

    it('requires the agreement, an email address and a free username (422), creating nothing', async () => {
      const taken = account({ username: 'lena.k' });
      const refusals = await Promise.all([
        failure(app.v1.accounts.create(account({ agreement: false }))),
        failure(app.v1.accounts.create(account({ email: '' }))),
        failure(app.v1.accounts.create(account({ password: 'short' }))),
        failure(app.v1.accounts.create(taken)),
      ]);
      expect(refusals[0]).toEqual({ status: 422, error: 'Validation failed: Agreement must be accepted.' });
      for (const refusal of refusals) expect(refusal.status).toBe(422);
      const rows = await server.database.db
        .selectFrom('accounts')
        .innerJoin('users', 'users.account_id', 'accounts.id')
        .select('email')
        .execute();
      expect(rows.map((row) => row.email)).not.toContain(taken.email);
    });

    it('needs a token with write:accounts: none is 401, a read-only one 403', async () => {
      expect(await failure(visitor().v1.accounts.create(account()))).toMatchObject({ status: 401 });
      const registered = await registerApp(server, { scopes: 'read' });
      const readOnly = await server.request<OAuthToken>('POST', '/oauth/token', {
        body: {
          grant_type: 'client_credentials',
          client_id: registered.client_id,
          client_secret: registered.client_secret,
          scope: 'read',
        },
      });
      const reader = createRestAPIClient({ url: server.url, accessToken: readOnly.body.access_token });
      expect(await failure(reader.v1.accounts.create(account()))).toEqual({
        status: 403,
        error: 'This action is outside the authorized scopes',
      });
    });

    it('closed: 403; by invite: only with invite_code', async () => {
      await setMode('closed');
      expect(await failure(app.v1.accounts.create(account()))).toEqual({
        status: 403,
        error: 'Sign-ups on this server are closed.',
      });
      await setMode('invite');
      expect(await failure(app.v1.accounts.create(account()))).toMatchObject({ status: 403 });
      const invite = (
        await server.request('POST', '/api/admin/invites', { token: maya, body: { maxUses: 1 } })
      ).body.invite;
      const withCode = await server.request<OAuthToken>('POST', '/api/v1/accounts', {
        headers: { authorization: bearer(appToken) },
        body: { ...account(), invite_code: invite.code },
      });
      expect(withCode.status).toBe(200);
      expect(withCode.body.access_token).toEqual(expect.any(String));
      await setMode('open');
    });

    it('approval: the reason is kept, the token refused (403) until a moderator approves', async () => {
      await setMode('approval');
      try {
        expect(await failure(app.v1.accounts.create(account()))).toMatchObject({ status: 422 });
        const params = account({ reason: 'I teach baking on weekends.' });
        const token = await app.v1.accounts.create(params);
        const row = await server.database.db
          .selectFrom('accounts')
          .innerJoin('users', 'users.account_id', 'accounts.id')
          .select(['signup_reason', 'pending_since'])
          .where('username', '=', params.username)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({
          signup_reason: 'I teach baking on weekends.',
          pending_since: expect.any(String),
        });
        const person = createRestAPIClient({ url: server.url, accessToken: token.accessToken });
        const pending = { status: 403, error: 'Your login is currently pending approval' };
        expect(await failure(person.v1.accounts.verifyCredentials())).toEqual(pending);
        expect(await failure(person.v1.timelines.home.list())).toEqual(pending);
        const approved = await server.request('POST', `/api/admin/accounts/${params.username}/approve`, {
          token: maya,
        });
        expect(approved.status).toBe(200);
        expect((await person.v1.accounts.verifyCredentials()).username).toBe(params.username);
      } finally {
        await setMode('open');
      }
    });
  });

  describe('POST /api/v1/accounts under required email confirmation', () => {
    const setConfirmation = async (emailConfirmation: string) => {
      const reply = await server.request('PUT', '/api/admin/settings', {
        token: maya,
        body: { emailConfirmation },
      });
      expect(reply.status).toBe(200);
    };
    beforeAll(() => setConfirmation('required'));
    afterAll(() => setConfirmation('optional'));

    it('the token is refused (403, Mastodon’s words) until the link mailed to the address is followed', async () => {
      const params = account();
      const token = await app.v1.accounts.create(params);
      const person = createRestAPIClient({ url: server.url, accessToken: token.accessToken });
      const unconfirmed = { status: 403, error: 'Your login is missing a confirmed e-mail address' };
      expect(await failure(person.v1.accounts.verifyCredentials())).toEqual(unconfirmed);
      expect(await failure(person.v1.timelines.home.list())).toEqual(unconfirmed);
      expect(await failure(person.v1.statuses.create({ status: 'Too early' }))).toEqual(unconfirmed);
      const posts = await server.database.db
        .selectFrom('posts')
        .innerJoin('accounts', 'accounts.id', 'posts.author_id')
        .select('posts.id')
        .where('accounts.username', '=', params.username)
        .execute();
      expect(posts).toEqual([]);

      await server.app.jobQueue.runDue();
      const mail = (await readOutbox(server.config.mail.outboxDir)).find((sent) => sent.to === params.email);
      if (!mail) throw new Error(`no confirmation mailed to ${params.email}`);
      const confirmed = await server.request('POST', '/api/auth/confirm', { body: { token: tokenOf(mail) } });
      expect(confirmed.status).toBe(200);
      expect((await person.v1.accounts.verifyCredentials()).username).toBe(params.username);
    });

    it('an account whose address is confirmed keeps working when it is switched on', async () => {
      const lena = await accessToken(server, await server.login('lena.k', demoPassword));
      const person = createRestAPIClient({ url: server.url, accessToken: lena });
      expect((await person.v1.accounts.verifyCredentials()).username).toBe('lena.k');
    });
  });

  describe('the instance', () => {
    it('v2: open registrations, the rules, the owner and the contact email', async () => {
      const instance = await visitor().v2.instance.fetch();
      expect(instance.registrations).toMatchObject({
        enabled: true,
        approvalRequired: false,
        message: null,
        url: `${server.url}/signup`,
      });
      expect(instance.contact).toMatchObject({
        email: 'moderators@example.com',
        account: { username: 'maya.chen' },
      });
      expect(instance.rules).toHaveLength(4);
      expect(instance.rules[0]).toEqual({
        id: expect.any(String),
        text: expect.any(String),
        hint: expect.any(String),
        translations: {},
      });
      // Raw: masto.js's InstanceUrls has no `about`.
      const raw = await server.request('GET', '/api/v2/instance');
      expect(raw.body.configuration.urls.about).toBe(`${server.url}/about`);
    });

    it('follows the settings: approval, then closed with a message, in v1 and v2', async () => {
      await setMode('approval');
      try {
        expect((await visitor().v2.instance.fetch()).registrations).toMatchObject({
          enabled: true,
          approvalRequired: true,
        });
        expect(await visitor().v1.instance.fetch()).toMatchObject({
          registrations: true,
          approvalRequired: true,
        });
        await server.request('PUT', '/api/admin/settings', {
          token: maya,
          body: { registrationsMode: 'closed', registrationsMessage: 'Full for now <3\nBack in spring.' },
        });
        expect((await visitor().v2.instance.fetch()).registrations).toMatchObject({
          enabled: false,
          approvalRequired: false,
          message: '<p>Full for now &lt;3<br>Back in spring.</p>',
          url: null,
        });
        const v1 = await visitor().v1.instance.fetch();
        expect(v1).toMatchObject({ registrations: false, email: 'moderators@example.com' });
        expect(v1.contactAccount?.username).toBe('maya.chen');
        expect(v1.rules).toHaveLength(4);
      } finally {
        await server.request('PUT', '/api/admin/settings', {
          token: maya,
          body: { registrationsMode: 'open', registrationsMessage: '' },
        });
      }
    });

    it('GET /api/v1/instance/rules: the rules in force, in order, as the About page has them', async () => {
      const reply = await server.request('GET', '/api/v1/instance/rules');
      expect(reply.status).toBe(200);
      const about = (await server.request('GET', '/api/instance')).body.instance.rules;
      // Mastodon's Rule, as Sync's About has it, with no translations: Sync's rules are in one language.
      expect(reply.body).toEqual(about.map((rule: object) => ({ ...rule, translations: {} })));
      const added = await server.request('POST', '/api/admin/rules', {
        token: maya,
        body: { text: 'Have fun.' },
      });
      const after = (await server.request('GET', '/api/v1/instance/rules')).body;
      expect(after.at(-1)).toEqual({ id: added.body.rule.id, text: 'Have fun.', hint: '', translations: {} });
      await server.request('DELETE', `/api/admin/rules/${added.body.rule.id}`, { token: maya });
    });
  });
});
