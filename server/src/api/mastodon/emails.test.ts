/**
 * `POST /api/v1/emails/confirmations` through masto.js, against a real SMTP server: the app that signed a
 * person up asks for the confirmation link again (to a corrected address with `email`), while the
 * address awaits confirmation, and only that app; the mail is limited with Sync's own resend.
 */
import { createRestAPIClient, type mastodon } from 'masto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoOwner } from '../../data/seed/demo.js';
import { emailInUse } from '../../use-cases/shared/email.js';
import { notAwaitingConfirmation, notTheSignupApp } from '../../use-cases/mastodon/email.js';
import { uniqueName } from '../../test/expectations.js';
import { demoPassword, describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { startSmtpServer, tokenOf, type ReceivedMail } from '../../test/mail.js';
import { accessToken, bearer, failure, registerApp, type OAuthToken } from '../../test/mastodon.js';
import { eventually } from '../../test/wait.js';

describeEachDatabase('Mastodon API: emails/confirmations', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;
  let ownerToken: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer(dialect, { env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://sync.test' } });
    ownerToken = await server.login(demoOwner, demoPassword);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const setConfirmation = async (on: TestServer, emailConfirmation: 'required' | 'optional' | 'off') => {
    const owner = on === server ? ownerToken : await on.login(demoOwner, demoPassword);
    const reply = await on.request('PUT', '/api/admin/settings', {
      token: owner,
      body: { emailConfirmation },
    });
    expect(reply.status).toBe(200);
  };

  /** An app's own token (client_credentials), as an app gets one to sign people up. */
  const appClient = async (on: TestServer) => {
    const registered = await registerApp(on, { scopes: 'read write' });
    const reply = await on.request<OAuthToken>('POST', '/oauth/token', {
      body: {
        grant_type: 'client_credentials',
        client_id: registered.client_id,
        client_secret: registered.client_secret,
        scope: 'read write',
      },
    });
    expect(reply.status).toBe(200);
    return createRestAPIClient({ url: on.url, accessToken: reply.body.access_token });
  };

  /** The next message to `address` after the `after`th, once it arrives. */
  const mailTo = (address: string, after: number): Promise<ReceivedMail> =>
    eventually(() => smtp.received.slice(after).find((mail) => mail.to === address.toLowerCase()), {
      what: `a message to ${address}`,
    });
  const mailCountTo = (address: string) => smtp.received.filter((mail) => mail.to === address).length;

  /** Signs someone up through `app` (its confirmation mail arrived); their client and address. */
  const signUp = async (app: mastodon.rest.Client, on = server) => {
    const username = uniqueName('app');
    const email = `${username}@example.org`;
    const before = smtp.received.length;
    const token = await app.v1.accounts.create({
      username,
      email,
      password: 'password123',
      agreement: true,
      locale: 'en',
    });
    const first = await mailTo(email, before);
    const person = createRestAPIClient({ url: on.url, accessToken: token.accessToken });
    return { username, email, first, person, token: token.accessToken };
  };
  const confirm = (mail: ReceivedMail) =>
    server.request('POST', '/api/auth/confirm', { body: { token: tokenOf(mail) } });

  it('under required: the app gets a new link sent to the address ({}), and the token works once it is followed', async () => {
    await setConfirmation(server, 'required');
    try {
      const { email, first, person, token } = await signUp(await appClient(server));
      const unconfirmed = { status: 403, error: 'Your login is missing a confirmed e-mail address' };
      expect(await failure(person.v1.accounts.verifyCredentials())).toEqual(unconfirmed);

      const before = smtp.received.length;
      const answer = await server.request('POST', '/api/v1/emails/confirmations', {
        headers: { authorization: bearer(token) },
      });
      expect(answer).toMatchObject({ status: 200, body: {} });
      const again = await mailTo(email, before);
      expect(again.subject).toBe('Confirm your email address for Sync');
      expect(again.text).toContain('https://sync.test/confirm-email?token=');
      expect(tokenOf(again)).not.toBe(tokenOf(first));

      await person.v1.emails.confirmations.create();
      const third = await mailTo(email, before + 1);
      expect((await confirm(third)).status).toBe(200);
      expect((await person.v1.accounts.verifyCredentials()).acct).toEqual(expect.any(String));

      // Confirmed: nothing awaits confirmation any more, and nothing is sent.
      const sent = mailCountTo(email);
      expect(await failure(person.v1.emails.confirmations.create())).toEqual({
        status: 403,
        error: notAwaitingConfirmation,
      });
      await server.app.jobQueue.runDue();
      expect(mailCountTo(email)).toBe(sent);
    } finally {
      await setConfirmation(server, 'optional');
    }
  });

  it('`email` corrects the unconfirmed address: the link goes there, the old link no longer confirms', async () => {
    const { username, email, first, person } = await signUp(await appClient(server));
    const corrected = `${uniqueName('fixed')}@example.org`;
    const before = smtp.received.length;
    await person.v1.emails.confirmations.create({ email: corrected });
    const mail = await mailTo(corrected, before);
    const row = () =>
      server.database.db
        .selectFrom('accounts')
        .innerJoin('users', 'users.account_id', 'accounts.id')
        .select(['email', 'email_key', 'email_confirmed_at'])
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
    expect(await row()).toEqual({ email: corrected, email_key: corrected, email_confirmed_at: null });
    // The first link was to an address the account no longer has.
    expect((await confirm(first)).status).toBe(400);
    expect((await confirm(mail)).status).toBe(200);
    expect(await row()).toMatchObject({ email: corrected, email_confirmed_at: expect.any(String) });
    // The typo's address is free again.
    expect(
      (
        await server.database.db
          .selectFrom('accounts')
          .innerJoin('users', 'users.account_id', 'accounts.id')
          .select('id')
          .where('email_key', '=', email)
          .execute()
      ).length,
    ).toBe(0);
  });

  it('refuses an address that is not one or is another account’s (422), changing nothing', async () => {
    const { username, email, person } = await signUp(await appClient(server));
    expect(await failure(person.v1.emails.confirmations.create({ email: 'not an address' }))).toEqual({
      status: 422,
      error: 'Validation failed: Email address is not valid: it should look like name@example.com.',
    });
    expect(await failure(person.v1.emails.confirmations.create({ email: 'LenaK@example.com' }))).toEqual({
      status: 422,
      error: `Validation failed: ${emailInUse}`,
    });
    const row = await server.database.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.account_id', 'accounts.id')
      .select('email')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(email);
  });

  it('only the app that signed the person up may ask (403): not another app of theirs, not for a Sync sign-up', async () => {
    const { username, email } = await signUp(await appClient(server));
    // Under `optional` they sign in to Sync and authorize another app, which must not redirect the mail.
    const other = createRestAPIClient({
      url: server.url,
      accessToken: await accessToken(server, await server.login(username, 'password123')),
    });
    const notThisApp = { status: 403, error: notTheSignupApp };
    expect(await failure(other.v1.emails.confirmations.create({ email: 'elsewhere@example.net' }))).toEqual(
      notThisApp,
    );

    const webUser = uniqueName('web');
    await server.signup(webUser, { email: `${webUser}@example.org` });
    const webApp = createRestAPIClient({
      url: server.url,
      accessToken: await accessToken(server, await server.login(webUser, 'password123')),
    });
    expect(await failure(webApp.v1.emails.confirmations.create())).toEqual(notThisApp);

    await server.app.jobQueue.runDue();
    expect(mailCountTo('elsewhere@example.net')).toBe(0);
    expect(mailCountTo(email)).toBe(1);
    const row = await server.database.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.account_id', 'accounts.id')
      .select('email')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(email);
  });

  it('under off nothing awaits confirmation (403); without a token, 401', async () => {
    const { person } = await signUp(await appClient(server));
    await setConfirmation(server, 'off');
    try {
      expect(await failure(person.v1.emails.confirmations.create())).toEqual({
        status: 403,
        error: notAwaitingConfirmation,
      });
    } finally {
      await setConfirmation(server, 'optional');
    }
    const visitor = createRestAPIClient({ url: server.url });
    expect(await failure(visitor.v1.emails.confirmations.create())).toEqual({
      status: 401,
      error: 'The access token is invalid',
    });
  });

  it('counts against the same per-address limit as Sync’s own resend', async () => {
    const limited = await startServer(dialect, {
      env: { RATE_LIMITS: 'on', RATE_LIMIT_EMAIL: '2', SMTP_URL: smtp.url },
    });
    try {
      const { email, person } = await signUp(await appClient(limited), limited);
      const resent = await limited.request('POST', '/api/auth/confirmation/resend', { body: { email } });
      expect(resent.status).toBe(202);
      await person.v1.emails.confirmations.create();
      expect(await failure(person.v1.emails.confirmations.create())).toMatchObject({
        status: 429,
        error: expect.stringMatching(/^Several emails were sent to this address in the last hour/),
      });
    } finally {
      await limited.close();
    }
  });
});
