import type { ErrorBody } from '@sync/contract';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { demoOwner } from '../../data/seed/demo.js';
import { confirmBeforeLogin } from '../../use-cases/shared/sign-in.js';
import { Messages } from '../../platform/http/errors.js';
import { emailInUse } from '../../use-cases/shared/email.js';
import { linkUsedOrExpired } from '../../use-cases/sync/email.js';
import { sharedGuestRefusals } from '../../use-cases/shared/shared-guest.js';
import {
  demoPassword,
  describeEachDatabase,
  guestAccount,
  startServer,
  type TestServer,
} from '../../test/harness.js';
import { readOutbox, startSmtpServer, tokenOf, type ReceivedMail } from '../../test/mail.js';
import { uniqueName } from '../../test/expectations.js';
import { eventually } from '../../test/wait.js';

describeEachDatabase('accounts by email', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: TestServer;
  let ownerToken: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer(dialect, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Sync <no-reply@sync.test>', PUBLIC_URL: 'https://sync.test' },
    });
    ownerToken = await server.login(demoOwner, demoPassword);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const setConfirmation = async (mode: 'required' | 'optional' | 'off') => {
    const reply = await server.request('PUT', '/api/admin/settings', {
      token: ownerToken,
      body: { emailConfirmation: mode },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.settings.emailConfirmation).toBe(mode);
  };
  beforeEach(() => setConfirmation('optional'));

  /** The next message to `address`, once it arrives. */
  const mailTo = (address: string, after = smtp.received.length): Promise<ReceivedMail> =>
    eventually(() => smtp.received.slice(after).find((mail) => mail.to === address.toLowerCase()), {
      what: `a message to ${address}`,
    });

  const signup = (username: string, email: string) =>
    server.request('POST', '/api/auth/signup', {
      body: { username, password: 'password123', firstName: 'Test', lastName: 'User', email },
    });
  /** Signs up with an address, its confirmation message arrived before the test goes on. */
  const signedUp = async (username: string, email: string) => {
    const before = smtp.received.length;
    const reply = await signup(username, email);
    await mailTo(email, before);
    return reply;
  };
  const login = (username: string, password = 'password123') =>
    server.request('POST', '/api/auth/login', { body: { username, password } });

  it('optional confirmation: the new account signs in at once, and the link sent to it confirms the address once', async () => {
    const username = uniqueName('opt');
    const email = `${username}@example.org`;
    const before = smtp.received.length;
    const reply = await signup(username, email);
    expect(reply.status).toBe(201);
    const mail = await mailTo(email, before);
    expect(mail.from).toBe('"Sync" <no-reply@sync.test>');
    expect(mail.subject).toBe('Confirm your email address for Sync');
    expect(mail.text).toContain('https://sync.test/confirm-email?token=');
    expect(mail.html).toContain('<a href="https://sync.test/confirm-email?token=');

    const token = reply.body.encodedToken;
    expect((await server.request('GET', '/api/account', { token })).body.account).toEqual({
      email,
      emailConfirmed: false,
      emailConfirmation: 'optional',
      sharedGuest: false,
      onboarded: false,
    });
    const confirmed = await server.request('POST', '/api/auth/confirm', { body: { token: tokenOf(mail) } });
    expect(confirmed).toMatchObject({ status: 200, body: { email, confirmed: true } });
    expect((await server.request('GET', '/api/account', { token })).body.account.emailConfirmed).toBe(true);
    const again = await server.request('POST', '/api/auth/confirm', { body: { token: tokenOf(mail) } });
    expect(again).toMatchObject({ status: 400, body: { errors: [linkUsedOrExpired] } });
  });

  it('required confirmation: no token at sign-up and no login until the address is confirmed; the link can be sent again', async () => {
    await setConfirmation('required');
    const username = uniqueName('req');
    const email = `${username}@example.org`;
    const before = smtp.received.length;
    const reply = await signup(username, email);
    expect(reply.status).toBe(202);
    expect(reply.body).toMatchObject({ pending: true, waitingFor: 'email' });
    expect(reply.body).not.toHaveProperty('encodedToken');
    const first = await mailTo(email, before);
    expect(await login(username)).toMatchObject({ status: 403, body: { errors: [confirmBeforeLogin] } });

    const resendFrom = smtp.received.length;
    const resent = await server.request('POST', '/api/auth/confirmation/resend', { body: { email } });
    expect(resent.status).toBe(202);
    const second = await mailTo(email, resendFrom);
    expect(tokenOf(second)).not.toBe(tokenOf(first));
    expect(
      (await server.request('POST', '/api/auth/confirm', { body: { token: tokenOf(second) } })).status,
    ).toBe(200);
    expect((await login(username)).status).toBe(200);
  });

  it('required confirmation needs an address at sign-up; off sends nothing', async () => {
    await setConfirmation('required');
    const none = await server.request<ErrorBody>('POST', '/api/auth/signup', {
      body: { username: uniqueName('nomail'), password: 'password123', firstName: 'A', lastName: 'B' },
    });
    expect(none.status).toBe(400);
    expect(none.body.errors[0]).toMatch(/^Email address is required/);

    await setConfirmation('off');
    const username = uniqueName('off');
    const before = smtp.received.length;
    expect((await signup(username, `${username}@example.org`)).status).toBe(201);
    // A message that was going to come would be here by the time a later one arrives.
    const probe = uniqueName('probe');
    await setConfirmation('optional');
    await signup(probe, `${probe}@example.org`);
    await mailTo(`${probe}@example.org`, before);
    expect(smtp.received.slice(before).map((mail) => mail.to)).toEqual([`${probe}@example.org`]);
  });

  it('an address is one account whatever its case: 409 at sign-up, the spec answers unchanged otherwise', async () => {
    const username = uniqueName('uniq');
    expect((await signup(username, `${username}@Example.org`)).status).toBe(201);
    const twin = await signup(uniqueName('twin'), `  ${username.toUpperCase()}@EXAMPLE.ORG `);
    expect(twin).toMatchObject({ status: 409, body: { errors: [Messages.emailTaken] } });
  });

  it('forgot password: the link arrives, sets a new password once, ends every session', async () => {
    const username = uniqueName('reset');
    const email = `${username}@example.org`;
    const oldToken = (await signedUp(username, email)).body.encodedToken;
    const before = smtp.received.length;
    const asked = await server.request('POST', '/api/auth/password-reset', {
      body: { email: email.toUpperCase() },
    });
    expect(asked.status).toBe(202);
    const mail = await mailTo(email, before);
    expect(mail.subject).toBe('Reset your password on Sync');
    expect(mail.text).toContain('https://sync.test/reset-password?token=');
    const token = tokenOf(mail);
    const check = async (candidate: string) =>
      (await server.request('POST', '/api/auth/password-reset/check', { body: { token: candidate } })).body;
    // Asking whether it works leaves it working.
    expect(await check(token)).toEqual({ usable: true });
    expect(await check(token)).toEqual({ usable: true });
    expect(await check('not-a-token')).toEqual({ usable: false });
    expect(await check('')).toEqual({ usable: false });

    const weak = await server.request('POST', '/api/auth/password-reset/confirm', {
      body: { token, newPassword: 'short' },
    });
    expect(weak.status).toBe(400);
    const reset = await server.request('POST', '/api/auth/password-reset/confirm', {
      body: { token, newPassword: 'a-new-password' },
    });
    expect(reset).toMatchObject({ status: 200, body: { reset: true } });
    expect((await login(username)).status).toBe(401);
    expect((await login(username, 'a-new-password')).status).toBe(200);
    expect((await server.request('GET', '/api/account', { token: oldToken })).status).toBe(401);

    const twice = await server.request('POST', '/api/auth/password-reset/confirm', {
      body: { token, newPassword: 'another-password' },
    });
    expect(twice).toMatchObject({ status: 400, body: { errors: [linkUsedOrExpired] } });
    expect(await check(token)).toEqual({ usable: false });
    expect((await login(username, 'a-new-password')).status).toBe(200);
  });

  it('a reset link expires after an hour', async () => {
    const username = uniqueName('late');
    const email = `${username}@example.org`;
    await signedUp(username, email);
    const before = smtp.received.length;
    await server.request('POST', '/api/auth/password-reset', { body: { email } });
    const token = tokenOf(await mailTo(email, before));
    server.clock.advance(60 * 60 * 1000 + 1);
    const checked = await server.request('POST', '/api/auth/password-reset/check', { body: { token } });
    expect(checked.body).toEqual({ usable: false });
    const late = await server.request('POST', '/api/auth/password-reset/confirm', {
      body: { token, newPassword: 'a-new-password' },
    });
    expect(late).toMatchObject({ status: 400, body: { errors: [linkUsedOrExpired] } });
    expect((await login(username)).status).toBe(200);
  });

  it('says the same for an address with no account, and mails nobody', async () => {
    const username = uniqueName('known');
    const email = `${username}@example.org`;
    await signedUp(username, email);
    const before = smtp.received.length;
    const known = await server.request('POST', '/api/auth/password-reset', { body: { email } });
    const unknown = await server.request('POST', '/api/auth/password-reset', {
      body: { email: `${uniqueName('nobody')}@example.org` },
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await mailTo(email, before);
    expect(smtp.received.slice(before).map((mail) => mail.to)).toEqual([email]);
  });

  it('refuses a link that is not one', async () => {
    for (const route of ['/api/auth/confirm', '/api/account/email/confirm'])
      expect(await server.request('POST', route, { body: { token: 'not-a-token' } })).toMatchObject({
        status: 400,
        body: { errors: [linkUsedOrExpired] },
      });
    const reset = await server.request('POST', '/api/auth/password-reset/confirm', {
      body: { token: '', newPassword: 'a-new-password' },
    });
    expect(reset).toMatchObject({ status: 400, body: { errors: [linkUsedOrExpired] } });
  });

  it('changes the address only once the new one is confirmed; an address in use is refused', async () => {
    const username = uniqueName('move');
    const email = `${username}@example.org`;
    const { token } = await server.signup(username, { email });
    const other = uniqueName('other');
    await server.signup(other, { email: `${other}@example.org` });

    const taken = await server.request('POST', '/api/account/email', {
      token,
      body: { newEmail: `${other.toUpperCase()}@example.org`, password: 'password123' },
    });
    expect(taken).toMatchObject({ status: 409, body: { errors: [emailInUse] } });
    const wrong = await server.request('POST', '/api/account/email', {
      token,
      body: { newEmail: `new-${username}@example.org`, password: 'wrong-password' },
    });
    expect(wrong.status).toBe(400);

    const newEmail = `new-${username}@example.org`;
    const before = smtp.received.length;
    const asked = await server.request('POST', '/api/account/email', {
      token,
      body: { newEmail, password: 'password123' },
    });
    expect(asked.status).toBe(202);
    const mail = await mailTo(newEmail, before);
    expect(mail.subject).toBe('Confirm your new email address for Sync');
    expect(mail.text).toContain('https://sync.test/confirm-email?');
    expect((await server.request('GET', '/api/account', { token })).body.account.email).toBe(email);

    const confirmed = await server.request('POST', '/api/account/email/confirm', {
      body: { token: tokenOf(mail) },
    });
    expect(confirmed).toMatchObject({ status: 200, body: { email: newEmail, confirmed: true } });
    expect((await server.request('GET', '/api/account', { token })).body.account).toMatchObject({
      email: newEmail,
      emailConfirmed: true,
    });
    // The old address is free again; the new one is taken.
    expect((await signup(uniqueName('reuse'), email)).status).toBe(201);
    expect((await signup(uniqueName('clash'), newEmail)).status).toBe(409);
  });

  it('a change whose address was taken before it was confirmed is refused', async () => {
    const username = uniqueName('slow');
    const { token } = await server.signup(username, { email: `${username}@example.org` });
    const newEmail = `wanted-${username}@example.org`;
    const before = smtp.received.length;
    await server.request('POST', '/api/account/email', {
      token,
      body: { newEmail, password: 'password123' },
    });
    const mail = await mailTo(newEmail, before);
    expect((await signup(uniqueName('quick'), newEmail)).status).toBe(201);
    const late = await server.request('POST', '/api/account/email/confirm', {
      body: { token: tokenOf(mail) },
    });
    expect(late).toMatchObject({ status: 409, body: { errors: [emailInUse] } });
    expect((await server.request('GET', '/api/account', { token })).body.account.email).toBe(
      `${username}@example.org`,
    );
  });

  it('the shared guest cannot change its password or address, delete itself, or authorize apps; nothing changes', async () => {
    const token = await server.login(guestAccount.username, guestAccount.password);
    expect((await server.request('GET', '/api/account', { token })).body.account.sharedGuest).toBe(true);
    const refusals: [string, string, unknown, string][] = [
      [
        'POST',
        '/api/account/password',
        { currentPassword: guestAccount.password, newPassword: 'taken-over' },
        sharedGuestRefusals.password,
      ],
      [
        'POST',
        '/api/account/email',
        { newEmail: 'mine@example.org', password: guestAccount.password },
        sharedGuestRefusals.email,
      ],
      ['POST', '/api/account/delete', { password: guestAccount.password }, sharedGuestRefusals.delete],
    ];
    for (const [method, route, body, message] of refusals)
      expect(await server.request(method, route, { token, body })).toMatchObject({
        status: 403,
        body: { errors: [message] },
      });

    // A reset by email does nothing for it either. Mail an earlier test started (a sign-up's link) is
    // delivered first, so that only this reset could be counted.
    await server.app.jobQueue.runDue();
    const before = smtp.received.length;
    expect(
      (await server.request('POST', '/api/auth/password-reset', { body: { email: 'guest@example.com' } }))
        .status,
    ).toBe(202);
    await server.app.jobQueue.runDue();
    expect(smtp.received.length).toBe(before);

    expect((await login(guestAccount.username, guestAccount.password)).status).toBe(200);
    expect((await server.request('GET', '/api/account', { token })).body.account.email).toBe(
      'guest@example.com',
    );
  });

  it("a sign-up that waited for approval is told the moderator's decision by email: approved, with the way in; rejected", async () => {
    const settings = await server.request('GET', '/api/admin/settings', { token: ownerToken });
    const mode = settings.body.settings.registrationsMode;
    const setMode = (registrationsMode: string) =>
      server.request('PUT', '/api/admin/settings', { token: ownerToken, body: { registrationsMode } });
    expect((await setMode('approval')).status).toBe(200);
    try {
      const decided = async (decision: 'approve' | 'reject') => {
        const username = uniqueName(decision);
        const email = `${username}@example.org`;
        const waiting = await server.request('POST', '/api/auth/signup', {
          body: {
            username,
            password: 'password123',
            firstName: 'Test',
            lastName: 'User',
            email,
            reason: 'Hi',
          },
        });
        expect(waiting.status, JSON.stringify(waiting.body)).toBe(202);
        const before = smtp.received.length;
        const reply = await server.request('POST', `/api/admin/accounts/${username}/${decision}`, {
          token: ownerToken,
        });
        expect(reply.status).toBe(200);
        const mail = await eventually(
          () =>
            smtp.received
              .slice(before)
              .find((message) => message.to === email && !/confirm/i.test(message.subject)),
          { what: `the decision's message to ${email}` },
        );
        return { username, mail };
      };
      const approved = await decided('approve');
      expect(approved.mail.subject).toMatch(/^Welcome to .+: your account is approved$/);
      expect(approved.mail.text).toContain(`approved your sign-up as @${approved.username}`);
      expect(approved.mail.text).toContain('https://sync.test/login');
      expect((await login(approved.username)).status).toBe(200);
      const rejected = await decided('reject');
      expect(rejected.mail.subject).toMatch(/^Your sign-up on .+ was not approved$/);
      expect(rejected.mail.text).toContain(`did not approve your sign-up as @${rejected.username}`);
    } finally {
      expect((await setMode(mode)).status).toBe(200);
    }
  });

  it('rate limits mail per address, the same answer whether or not it has an account', async () => {
    const limited = await startServer(dialect, {
      env: { RATE_LIMITS: 'on', RATE_LIMIT_EMAIL: '2', SMTP_URL: smtp.url },
    });
    try {
      for (const email of ['someone@example.com', `${uniqueName('nobody')}@example.org`]) {
        const ask = <Answer>() =>
          limited.request<Answer>('POST', '/api/auth/password-reset', { body: { email } });
        expect((await ask()).status).toBe(202);
        expect((await ask()).status).toBe(202);
        const third = await ask<ErrorBody>();
        expect(third.status).toBe(429);
        expect(third.body.errors[0]).toMatch(/^Several emails were sent to this address in the last hour/);
      }
    } finally {
      await limited.close();
    }
  });

  it('without SMTP_URL, messages are written to the outbox, private to the server', async () => {
    const local = await startServer(dialect);
    try {
      const username = uniqueName('outbox');
      const email = `${username}@example.org`;
      await local.signup(username, { email });
      await local.request('POST', '/api/auth/password-reset', { body: { email } });
      await local.app.jobQueue.runDue();
      const folder = local.config.mail.outboxDir;
      expect(folder).toBe(path.join(local.config.dataDir, 'outbox'));
      const files = fs.readdirSync(folder);
      expect(files).toHaveLength(2);
      expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
      for (const name of files) expect(fs.statSync(path.join(folder, name)).mode & 0o777).toBe(0o600);
      const reset = (await readOutbox(folder)).find((mail) => mail.subject === 'Reset your password on Sync');
      expect(reset?.to).toBe(email);
      expect(reset?.text).toContain(`http://localhost:${local.config.port}/reset-password?token=`);
    } finally {
      await local.close();
    }
  });
});
