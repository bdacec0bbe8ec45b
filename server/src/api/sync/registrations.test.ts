/**
 * Registrations: each mode (open, approval, invite, closed), the rules' agreement, invite links (their
 * uses counted under sign-ups at once, their expiry, their revocation), refused email domains, the
 * queue of sign-ups waiting for approval (approve, reject) and what a waiting account may not do or be
 * seen in. Every change is in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingMessage } from '../../use-cases/sync/auth.js';
import { waitingForApproval } from '../../use-cases/shared/sign-in.js';
import { expectError, uniqueName } from '../../test/expectations.js';
import {
  demoPassword,
  describeEachDatabase,
  isRefusal,
  startServer,
  type TestServer,
} from '../../test/harness.js';

describeEachDatabase('registrations', (dialect) => {
  let server: TestServer;
  let maya: string;
  beforeAll(async () => {
    server = await startServer(dialect);
    maya = await server.login('maya.chen', demoPassword);
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const signup = (extra: Record<string, unknown> = {}, username = uniqueName('joiner')) =>
    server.request('POST', '/api/auth/signup', {
      body: { username, password: 'password123', firstName: 'New', lastName: 'Person', ...extra },
    });
  const login = (username: string) =>
    server.request('POST', '/api/auth/login', { body: { username, password: 'password123' } });
  const setMode = async (registrationsMode: string) => {
    const reply = await server.request('PUT', '/api/admin/settings', {
      token: maya,
      body: { registrationsMode },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.settings.registrationsMode).toBe(registrationsMode);
  };
  const newInvite = async (body: Record<string, unknown> = {}) => {
    const reply = await server.request('POST', '/api/admin/invites', { token: maya, body });
    expect(reply.status).toBe(201);
    return reply.body.invite;
  };
  const userRow = (username: string) =>
    db()
      .selectFrom('accounts')
      .innerJoin('users', 'users.account_id', 'accounts.id')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirst();
  const userCount = async () =>
    Number(
      (
        await db()
          .selectFrom('accounts')
          .innerJoin('users', 'users.account_id', 'accounts.id')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const auditOf = (action: string, targetId: string) =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', targetId)
      .execute();

  describe('open', () => {
    beforeAll(() => setMode('open'));

    it('signs up at once, with or without the agreement; its own answer has the role', async () => {
      for (const extra of [{}, { agreement: true }]) {
        const reply = await signup(extra);
        expect(reply.status).toBe(201);
        expect(typeof reply.body.encodedToken).toBe('string');
        expect(reply.body.createdUser).toMatchObject({ role: 'user', permissions: [] });
      }
    });

    it('refuses a sign-up that declines the rules (422), creating nothing', async () => {
      const before = await userCount();
      expectError(await signup({ agreement: false }), 422, "To sign up, please accept the server's rules.");
      expect(await userCount()).toBe(before);
    });

    it('takes the agreement declined when the server has no rules', async () => {
      const rules = (await server.request('GET', '/api/admin/rules', { token: maya })).body.rules;
      for (const rule of rules)
        expect((await server.request('DELETE', `/api/admin/rules/${rule.id}`, { token: maya })).status).toBe(
          200,
        );
      try {
        expect((await signup({ agreement: false })).status).toBe(201);
      } finally {
        for (const rule of rules)
          await server.request('POST', '/api/admin/rules', {
            token: maya,
            body: { text: rule.text, hint: rule.hint },
          });
      }
    });
  });

  describe('approval', () => {
    beforeAll(() => setMode('approval'));
    afterAll(() => setMode('open'));

    it('asks for a reason (422 without one, 400 past 1,000 characters)', async () => {
      const before = await userCount();
      expectError(await signup(), 422);
      expectError(await signup({ reason: '   ' }), 422);
      expectError(await signup({ reason: 'x'.repeat(1001) }), 400);
      expect(await userCount()).toBe(before);
    });

    it('a sign-up waits: 202 {pending, message}, no token; its login is refused until approved', async () => {
      const username = uniqueName('waiting');
      const reply = await signup({ reason: 'I bake bread and want to share it.' }, username);
      expect(reply.status).toBe(202);
      expect(reply.body).toEqual({ pending: true, message: pendingMessage, waitingFor: 'approval' });
      const row = await userRow(username);
      expect(row).toMatchObject({ signup_reason: 'I bake bread and want to share it.', role: 'user' });
      expect(row?.pending_since).toEqual(expect.any(String));
      expectError(await login(username), 403, waitingForApproval);
      // A wrong password is still a wrong password: the refusal tells nothing to a stranger.
      expectError(
        await server.request('POST', '/api/auth/login', { body: { username, password: 'wrong-password' } }),
        401,
      );
    });

    it('a waiting account is in no list of people, no search and has no profile', async () => {
      const username = uniqueName('hidden');
      expect((await signup({ reason: 'Please let me in.' }, username)).status).toBe(202);
      const lena = await server.login('lena.k', demoPassword);
      const lists = [
        (await server.request('GET', '/api/users')).body.users,
        (await server.request('GET', '/api/users?limit=100')).body.users,
        (await server.request('GET', `/api/search?type=users&q=${username}`)).body.users,
        (await server.request('GET', '/api/users/suggestions', { token: lena })).body.users,
      ];
      for (const list of lists) expect(list.map((user) => user.username)).not.toContain(username);
      expectError(await server.request('GET', `/api/users/${username}`), 404);
      const lookup = await server.request('GET', `/api/v1/accounts/lookup?acct=${username}`);
      expect(lookup.status).toBe(404);
      const host = new URL(server.url).host;
      const webfinger = await server.request(
        'GET',
        `/.well-known/webfinger?resource=acct:${username}@${host}`,
      );
      expect(webfinger.status).toBe(404);
    });

    it('a moderator approves: the person can log in; approving again is 422; logged', async () => {
      const username = uniqueName('approved');
      await signup({ reason: 'I run the bakery down the road.' }, username);
      await server.request('PUT', '/api/admin/accounts/noor.h/role', {
        token: maya,
        body: { role: 'moderator' },
      });
      const modToken = await server.login('noor.h', demoPassword);
      const approved = await server.request('POST', `/api/admin/accounts/${username}/approve`, {
        token: modToken,
      });
      expect(approved.status).toBe(200);
      expect(approved.body).toEqual({ account: { username, approved: true } });
      const reply = await login(username);
      expect(reply.status).toBe(200);
      expect(reply.body.foundUser.username).toBe(username);
      expect((await server.request('GET', `/api/users/${username}`)).status).toBe(200);
      expectError(
        await server.request('POST', `/api/admin/accounts/${username}/approve`, { token: modToken }),
        422,
      );
      const row = await userRow(username);
      const history = await server.request('GET', `/api/admin/accounts/${username}`, { token: maya });
      expect(history.body.actions).toEqual([
        expect.objectContaining({
          type: 'approve',
          moderator: expect.objectContaining({ username: 'noor.h' }),
        }),
      ]);
      expect(await auditOf('approve_registration', row!.id)).toEqual([
        expect.objectContaining({
          actor_username: 'noor.h',
          target_label: username,
          reason: 'I run the bakery down the road.',
        }),
      ]);
    });

    it('a moderator rejects: the account is deleted, its name free again; logged', async () => {
      const username = uniqueName('rejected');
      await signup({ reason: 'Buy cheap watches' }, username);
      const { id } = (await userRow(username))!;
      const rejected = await server.request('POST', `/api/admin/accounts/${username}/reject`, {
        token: maya,
      });
      expect(rejected.status).toBe(200);
      expect(rejected.body).toEqual({ account: { username, approved: false } });
      expect(await userRow(username)).toBeUndefined();
      expectError(await login(username), 404);
      expect(await auditOf('reject_registration', id)).toEqual([
        expect.objectContaining({ actor_username: 'maya.chen', target_label: username }),
      ]);
      expectError(
        await server.request('POST', `/api/admin/accounts/${username}/reject`, { token: maya }),
        404,
      );
      expect((await signup({ reason: 'Second try, honestly.' }, username)).status).toBe(202);
    });

    it('a user may not approve or reject (403); an account not waiting is 422; nothing changes', async () => {
      const username = uniqueName('waiting');
      await signup({ reason: 'Hello there.' }, username);
      const person = { token: await server.login('lena.k', demoPassword) };
      for (const decision of ['approve', 'reject'])
        expectError(
          await server.request('POST', `/api/admin/accounts/${username}/${decision}`, {
            token: person.token,
          }),
          403,
        );
      expect((await userRow(username))?.pending_since).toEqual(expect.any(String));
      expectError(await server.request('POST', `/api/admin/accounts/lena.k/reject`, { token: maya }), 422);
      expect(await userRow('lena.k')).toBeDefined();
    });
  });

  describe('invites', () => {
    afterAll(() => setMode('open'));

    it('invite mode: no code or a wrong one is 403; a valid one signs up and counts its use', async () => {
      await setMode('invite');
      expectError(
        await signup(),
        403,
        'Sign-ups on this server are by invitation only: you need an invite link.',
      );
      expectError(await signup({ inviteCode: 'not-a-code' }), 403);
      const invite = await newInvite();
      expect(invite).toMatchObject({ maxUses: null, uses: 0, expiresAt: null, revokedAt: null });
      expect(invite.url).toBe(`${server.url}/signup?invite=${invite.code}`);
      const username = uniqueName('invited');
      const reply = await signup({ inviteCode: invite.code }, username);
      expect(reply.status).toBe(201);
      expect((await userRow(username))?.invite_id).toBe(invite.id);
      const listed = (await server.request('GET', '/api/admin/invites', { token: maya })).body.invites;
      expect(listed.find((item) => item.id === invite.id)!.uses).toBe(1);
      expect(await auditOf('create_invite', invite.id)).toHaveLength(1);
    });

    it('an invite lets in past approval and past closed sign-ups', async () => {
      const invite = await newInvite();
      await setMode('approval');
      const approval = await signup({ inviteCode: invite.code });
      expect(approval.status).toBe(201);
      expect(approval.body.encodedToken).toEqual(expect.any(String));
      await setMode('closed');
      expectError(await signup(), 403, 'Sign-ups on this server are closed.');
      expect((await signup({ inviteCode: invite.code })).status).toBe(201);
    });

    it('of sign-ups at once with an invite for 3, exactly 3 get in', async () => {
      await setMode('invite');
      const invite = await newInvite({ maxUses: 3 });
      const replies = await Promise.all(Array.from({ length: 8 }, () => signup({ inviteCode: invite.code })));
      expect(replies.map((reply) => reply.status).sort()).toEqual([201, 201, 201, 403, 403, 403, 403, 403]);
      for (const refused of replies.filter((reply) => reply.status === 403).filter(isRefusal))
        expect(refused.body.errors).toEqual(['This invite link has been used as many times as it allows.']);
      const used = await db()
        .selectFrom('accounts')
        .innerJoin('users', 'users.account_id', 'accounts.id')
        .select('id')
        .where('invite_id', '=', invite.id)
        .execute();
      expect(used).toHaveLength(3);
      const row = await db()
        .selectFrom('invites')
        .select('uses')
        .where('id', '=', invite.id)
        .executeTakeFirst();
      expect(row?.uses).toBe(3);
    });

    it('an invite expires with its time', async () => {
      await setMode('invite');
      const invite = await newInvite({ expiresInSeconds: 3600 });
      expect(Date.parse(invite.expiresAt!) - Date.parse(invite.createdAt)).toBe(3_600_000);
      expect((await signup({ inviteCode: invite.code })).status).toBe(201);
      server.clock.advance(3_601_000);
      expectError(await signup({ inviteCode: invite.code }), 403, 'This invite link has expired.');
    });

    it('a revoked invite stops working at once and stays listed; revoking is logged once', async () => {
      await setMode('invite');
      const invite = await newInvite({ maxUses: 10 });
      const revoked = await server.request('DELETE', `/api/admin/invites/${invite.id}`, { token: maya });
      expect(revoked.status).toBe(200);
      expect(revoked.body.invite.revokedAt).toEqual(expect.any(String));
      const again = await server.request('DELETE', `/api/admin/invites/${invite.id}`, { token: maya });
      expect(again.body.invite.revokedAt).toBe(revoked.body.invite.revokedAt);
      expect(await auditOf('revoke_invite', invite.id)).toHaveLength(1);
      expectError(await signup({ inviteCode: invite.code }), 403, 'This invite link was withdrawn.');
      expectError(await server.request('DELETE', '/api/admin/invites/no-such-invite', { token: maya }), 404);
    });

    it('invites are for admins: a user gets 403; bad limits are 400', async () => {
      const person = { token: await server.login('lena.k', demoPassword) };
      expectError(await server.request('GET', '/api/admin/invites', { token: person.token }), 403);
      expectError(await server.request('POST', '/api/admin/invites', { token: person.token, body: {} }), 403);
      expectError(
        await server.request('POST', '/api/admin/invites', { token: maya, body: { maxUses: 0 } }),
        400,
      );
      expectError(
        await server.request('POST', '/api/admin/invites', { token: maya, body: { expiresInSeconds: 5 } }),
        400,
      );
    });
  });

  describe('email domains', () => {
    beforeAll(() => setMode('open'));

    it('refuses sign-ups at a blocked domain and under it, naming it; lifted, they work', async () => {
      const added = await server.request('POST', '/api/admin/email-domain-blocks', {
        token: maya,
        body: { domain: ' @Spam.Example ' },
      });
      expect(added.status).toBe(201);
      expect(added.body.block).toEqual({ domain: 'spam.example', createdAt: expect.any(String) });
      const before = await userCount();
      const refusal = 'Sign-ups with an email address at spam.example are not accepted on this server.';
      expectError(await signup({ email: 'someone@spam.example' }), 422, refusal);
      expectError(await signup({ email: 'someone@Mail.SPAM.example' }), 422, refusal);
      expect(await userCount()).toBe(before);
      expect((await signup({ email: 'someone@notspam.example' })).status).toBe(201);

      const listed = await server.request('GET', '/api/admin/email-domain-blocks', { token: maya });
      expect(listed.body.blocks.map((block) => block.domain)).toContain('spam.example');
      const removed = await server.request('DELETE', '/api/admin/email-domain-blocks/spam.example', {
        token: maya,
      });
      expect(removed.body).toEqual({ deleted: 'spam.example' });
      expect((await signup({ email: 'someone@spam.example' })).status).toBe(201);
      expect((await auditOf('block_email_domain', 'spam.example')).length).toBe(1);
      expect((await auditOf('unblock_email_domain', 'spam.example')).length).toBe(1);
    });

    it('refuses a domain twice (422), a non-domain (400), an unknown one to lift (404), a user (403)', async () => {
      const body = { domain: 'twice.example' };
      expect(
        (await server.request('POST', '/api/admin/email-domain-blocks', { token: maya, body })).status,
      ).toBe(201);
      expectError(await server.request('POST', '/api/admin/email-domain-blocks', { token: maya, body }), 422);
      expectError(
        await server.request('POST', '/api/admin/email-domain-blocks', {
          token: maya,
          body: { domain: 'not a domain' },
        }),
        400,
      );
      expectError(
        await server.request('DELETE', '/api/admin/email-domain-blocks/never.example', { token: maya }),
        404,
      );
      const person = { token: await server.login('lena.k', demoPassword) };
      expectError(
        await server.request('POST', '/api/admin/email-domain-blocks', { token: person.token, body }),
        403,
      );
    });
  });
});
