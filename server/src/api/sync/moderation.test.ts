import type { AccountActionReply, ErrorBody } from '@sync/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../data/schema.js';
import { counterMismatches } from '../../test/counters.js';
import { expectError } from '../../test/expectations.js';
import { demoPassword, describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { accessToken, bearer } from '../../test/mastodon.js';
import { newPerson, succeed, type Person } from '../../test/people.js';
import { grantRoleFromCommandLine } from '../../use-cases/shared/role-changes.js';

const hour = 60 * 60 * 1000;
const day = 24 * hour;

describeEachDatabase('moderation of accounts and content', (dialect) => {
  let server: TestServer;
  let owner: Person;
  let moderator: Person;
  let admin: Person;

  /** Someone who signed up and was given `role` from the server's command line. */
  const staff = async (prefix: string, role: Role): Promise<Person> => {
    const person = await newPerson(server, prefix);
    await grantRoleFromCommandLine(server.app.deps, { username: person.username, role });
    return person;
  };
  const person = (prefix: string) => newPerson(server, prefix);
  const act = <Answer = AccountActionReply>(who: Person, target: Person, body: unknown) =>
    server.request<Answer>('POST', `/api/admin/accounts/${target.username}/actions`, {
      token: who.token,
      body,
    });
  const acted = async (who: Person, target: Person, body: unknown) => {
    const reply = await act(who, target, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body;
  };
  const login = (username: string, password = 'password123') =>
    server.request('POST', '/api/auth/login', { body: { username, password } });
  const auditEntries = async () =>
    (await succeed(server, 'GET', '/api/admin/audit-log?limit=100', owner)).entries;
  /** What an action writes; equal before and after a refused one. */
  const written = async (target: Person) => {
    const db = server.database.db;
    const count = async (table: 'moderation_actions' | 'audit_log' | 'notifications') =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n,
      );
    return {
      actions: await count('moderation_actions'),
      audit: await count('audit_log'),
      notifications: await count('notifications'),
      user: await db
        .selectFrom('accounts')
        .innerJoin('users', 'users.account_id', 'accounts.id')
        .select(['suspended_at', 'suspension_ends_at', 'limited_at', 'limit_ends_at', 'token_version'])
        .where('id', '=', target.id)
        .executeTakeFirst(),
    };
  };

  beforeAll(async () => {
    server = await startServer(dialect);
    const maya = await server.login('maya.chen', demoPassword);
    owner = {
      token: maya,
      username: 'maya.chen',
      id: (await server.request('GET', '/api/users/maya.chen')).body.user._id,
    };
    moderator = await staff('mod', 'moderator');
    admin = await staff('admin', 'admin');
  });
  afterAll(() => server.close());

  describe('who may', () => {
    it('a plain user gets 403 on every route, and nothing changes', async () => {
      const [user, target] = [await person('plain'), await person('target')];
      const postId = (
        await succeed(server, 'POST', '/api/posts?return=post', target, { postData: { content: 'x' } })
      ).post._id;
      const before = await written(target);
      for (const [method, path, body] of [
        ['GET', '/api/admin/accounts', undefined],
        ['GET', `/api/admin/accounts/${target.username}`, undefined],
        ['POST', `/api/admin/accounts/${target.username}/actions`, { type: 'warn', text: 'Be nice' }],
        ['DELETE', `/api/admin/posts/${postId}`, {}],
        ['GET', '/api/admin/audit-log', undefined],
      ] as const) {
        const reply = await server.request<ErrorBody>(method, path, { token: user.token, body });
        expect({ path, status: reply.status }).toEqual({ path, status: 403 });
        expect(reply.body.errors[0]).toMatch(/^Your role \(user\) does not allow this/);
      }
      expect(await written(target)).toEqual(before);
      expect((await server.request('GET', `/api/posts/${postId}`)).status).toBe(200);
    });

    it('nobody acts on someone of their own role or above, nor on themselves (403, nothing changes)', async () => {
      const [otherModerator, otherAdmin] = [await staff('mod2', 'moderator'), await staff('admin2', 'admin')];
      for (const [who, target, message] of [
        [
          moderator,
          otherModerator,
          `@${otherModerator.username} is a moderator: only someone above that role`,
        ],
        [moderator, admin, `@${admin.username} is an admin: only someone above that role`],
        [moderator, owner, '@maya.chen is an owner: only someone above that role'],
        [admin, otherAdmin, `@${otherAdmin.username} is an admin`],
        [moderator, moderator, 'You cannot take a moderation action on yourself.'],
      ] as const) {
        const before = await written(target);
        const reply = await act<ErrorBody>(who, target, { type: 'suspend', text: 'No' });
        expect(reply.status).toBe(403);
        expect(reply.body.errors[0]).toContain(message);
        expect(await written(target)).toEqual(before);
      }
      // Above is enough: an admin acts on a moderator, the owner on an admin.
      await acted(admin, otherModerator, { type: 'warn', text: 'Careful with the queue.' });
      await acted(owner, otherAdmin, { type: 'warn', text: 'Careful with the settings.' });
    });
  });

  describe('warn', () => {
    it('records the action, writes the audit entry and tells the person, with the text', async () => {
      const target = await person('warned');
      const { account, action } = await acted(moderator, target, {
        type: 'warn',
        text: 'Please keep it civil.',
      });
      expect(account).toMatchObject({
        username: target.username,
        role: 'user',
        suspension: null,
        limit: null,
      });
      expect(action).toMatchObject({
        type: 'warn',
        text: 'Please keep it civil.',
        moderator: { username: moderator.username },
        reportId: null,
        endsAt: null,
      });

      const [notice] = (await succeed(server, 'GET', '/api/notifications', target)).notifications;
      expect(notice).toMatchObject({
        type: 'moderation_warning',
        actors: [],
        actorCount: 0,
        read: false,
        moderationWarning: { id: action.id, action: 'warn', text: 'Please keep it civil.', endsAt: null },
      });
      expect((await succeed(server, 'GET', '/api/notifications/unread', target)).count).toBe(1);

      const [entry] = await auditEntries();
      expect(entry).toMatchObject({
        actor: { username: moderator.username },
        action: 'warn',
        targetType: 'account',
        targetId: target.id,
        targetLabel: target.username,
        reason: 'Please keep it civil.',
      });

      const page = await succeed(server, 'GET', `/api/admin/accounts/${target.username}`, moderator);
      expect(page.actions).toEqual([action]);
      expect(page.reports).toEqual([]);
    });

    it('bad input is refused with what to fix, and nothing changes', async () => {
      const target = await person('badinput');
      const before = await written(target);
      for (const [body, status, message] of [
        [{ type: 'warn' }, 400, 'A warning needs a text'],
        [{ type: 'warn', text: '   ' }, 400, 'A warning needs a text'],
        [{ type: 'warn', text: 'x'.repeat(2001) }, 400, "Text can't be longer than 2,000 characters"],
        [
          { type: 'warn', text: 'Hi', durationSeconds: 60 },
          400,
          'durationSeconds applies to limit and suspend only',
        ],
        [{ type: 'suspend', durationSeconds: -1 }, 400, 'durationSeconds'],
        [{ type: 'suspend', durationSeconds: 1.5 }, 400, 'durationSeconds'],
        [{ type: 'delete' }, 400, undefined],
        [{ type: 'unsuspend' }, 422, `@${target.username} is not suspended.`],
        [{ type: 'unlimit' }, 422, `@${target.username} is not limited.`],
      ] as const) {
        const reply = await act<ErrorBody>(moderator, target, body);
        expect({ body, status: reply.status }).toEqual({ body, status });
        if (message) expect(reply.body.errors[0]).toContain(message);
      }
      const missing = await server.request('POST', '/api/admin/accounts/nobody.here/actions', {
        token: moderator.token,
        body: { type: 'warn', text: 'Hi' },
      });
      expectError(missing, 404, 'No user "nobody.here" exists.');
      expect(await written(target)).toEqual(before);
    });
  });

  describe('the report an action answers', () => {
    it('is recorded with it; a report about someone else (422) or none (404) is refused, nothing changes', async () => {
      const [reporter, target, other] = [
        await person('reporter'),
        await person('reported'),
        await person('other'),
      ];
      const report = async (about: Person) =>
        (
          await succeed(server, 'POST', '/api/reports', reporter, {
            username: about.username,
            category: 'spam',
          })
        ).report.id as string;
      const [aboutTarget, aboutOther] = [await report(target), await report(other)];
      const before = await written(target);
      const wrong = await act(moderator, target, { type: 'warn', text: 'Spam', reportId: aboutOther });
      expectError(wrong, 422, `Report "${aboutOther}" is about someone else, not @${target.username}.`);
      expectError(
        await act(moderator, target, { type: 'warn', text: 'Spam', reportId: 'no-such-report' }),
        404,
        'No report with id "no-such-report" exists.',
      );
      expect(await written(target)).toEqual(before);

      const { action } = await acted(moderator, target, {
        type: 'warn',
        text: 'Spam',
        reportId: aboutTarget,
      });
      expect(action.reportId).toBe(aboutTarget);
      const page = await succeed(server, 'GET', `/api/admin/accounts/${target.username}`, moderator);
      expect(page.actions[0]!.reportId).toBe(aboutTarget);
      expect(page.reports.map((entry) => entry.id)).toEqual([aboutTarget]);
    });
  });

  describe('suspend', () => {
    it('refuses the sign-in, every session and app token, and hides the profile from all but the staff', async () => {
      const target = await person('suspended');
      const appToken = await accessToken(server, target.token);
      const viewer = await person('viewer');
      const before = await server.request('GET', `/api/users/${target.username}`);
      expect(before.status).toBe(200);

      const { account, action } = await acted(moderator, target, { type: 'suspend', text: 'Spam, again.' });
      expect(account.suspension).toEqual({ since: action.createdAt, endsAt: null });

      expectError(await login(target.username), 403, 'This account is suspended.');
      expectError(await server.request('GET', '/api/timeline', { token: target.token }), 401);
      expectError(
        await server.request('POST', '/api/posts', {
          token: target.token,
          body: { postData: { content: 'x' } },
        }),
        401,
      );
      const app = await server.request('GET', '/api/v1/accounts/verify_credentials', {
        headers: { authorization: bearer(appToken) },
      });
      expect(app.status).toBe(401);

      const viewerApp = await accessToken(server, viewer.token);
      for (const [token, app] of [
        [undefined, undefined],
        [viewer.token, viewerApp],
      ] as const) {
        expectError(await server.request('GET', `/api/users/${target.username}`, { token }), 404);
        const headers: Record<string, string> = app ? { authorization: bearer(app) } : {};
        for (const path of [
          `/api/v1/accounts/${target.id}`,
          `/api/v1/accounts/lookup?acct=${target.username}`,
        ]) {
          const mastodon = await server.request('GET', path, { headers });
          expect({ path, status: mastodon.status }).toEqual({ path, status: 404 });
        }
        const listed = await server.request('GET', `/api/v1/accounts?id[]=${target.id}`, { headers });
        expect(listed.body).toEqual([]);
      }
      for (const who of [moderator, owner]) {
        const seen = await server.request('GET', `/api/users/${target.username}`, { token: who.token });
        expect(seen.status).toBe(200);
      }
      const staffApp = await accessToken(server, moderator.token);
      const byStaff = await server.request('GET', `/api/v1/accounts/${target.id}`, {
        headers: { authorization: bearer(staffApp) },
      });
      expect(byStaff.status).toBe(200);

      const listed = await succeed(
        server,
        'GET',
        '/api/admin/accounts?status=suspended&limit=100',
        moderator,
      );
      expect(listed.accounts.map((entry) => entry.username)).toContain(target.username);
    });

    it('unsuspend restores the sign-in, not the tokens; the person then reads the warning', async () => {
      const target = await person('restored');
      await acted(admin, target, { type: 'suspend', text: 'Cooling off.' });
      const { account } = await acted(admin, target, { type: 'unsuspend' });
      expect(account.suspension).toBeNull();
      expectError(await server.request('GET', '/api/timeline', { token: target.token }), 401);
      const signedIn = await login(target.username);
      expect(signedIn.status).toBe(200);
      const token = signedIn.body.encodedToken as string;
      expect((await server.request('GET', '/api/timeline', { token })).status).toBe(200);
      expect((await server.request('GET', `/api/users/${target.username}`)).status).toBe(200);
      const [notice] = (await succeed(server, 'GET', '/api/notifications', { ...target, token }))
        .notifications;
      expect(notice).toMatchObject({
        type: 'moderation_warning',
        moderationWarning: { action: 'suspend', text: 'Cooling off.' },
      });
      const actions = (await succeed(server, 'GET', `/api/admin/accounts/${target.username}`, admin)).actions;
      expect(actions.map((entry) => entry.type)).toEqual(['unsuspend', 'suspend']);
    });

    it('a timed suspension ends by itself: reads compare its end with the clock, and the job clears it', async () => {
      const target = await person('timed');
      const { action } = await acted(moderator, target, { type: 'suspend', durationSeconds: 3600 });
      expect(Date.parse(action.endsAt!) - Date.parse(action.createdAt)).toBe(3600 * 1000);
      expectError(await login(target.username), 403, 'This account is suspended.');
      server.clock.advance(3600 * 1000);
      // Over at its end, before any job has run.
      expect((await login(target.username)).status).toBe(200);
      expect((await server.request('GET', `/api/users/${target.username}`)).status).toBe(200);
      await server.app.jobs.runDue();
      const row = await server.database.db
        .selectFrom('accounts')
        .innerJoin('users', 'users.account_id', 'accounts.id')
        .select(['suspended_at', 'suspension_ends_at'])
        .where('id', '=', target.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ suspended_at: null, suspension_ends_at: null });
      const ended = (await auditEntries()).find(
        (entry) => entry.action === 'suspension_ended' && entry.targetId === target.id,
      );
      expect(ended).toMatchObject({ actor: { username: 'scheduled job' }, targetLabel: target.username });
    });
  });

  describe('limit', () => {
    it('limits until lifted or for a time, tells the person, and lists them as limited', async () => {
      const target = await person('limited');
      const { account, action } = await acted(moderator, target, {
        type: 'limit',
        text: 'Too many replies to strangers.',
        durationSeconds: 7 * 24 * 3600,
      });
      expect(account.limit).toEqual({ since: action.createdAt, endsAt: action.endsAt });
      const listed = await succeed(server, 'GET', '/api/admin/accounts?status=limited&limit=100', moderator);
      expect(listed.accounts.map((entry) => entry.username)).toContain(target.username);
      // A limited person still signs in and uses their session.
      expect((await login(target.username)).status).toBe(200);
      expect((await server.request('GET', '/api/timeline', { token: target.token })).status).toBe(200);
      const [notice] = (await succeed(server, 'GET', '/api/notifications', target)).notifications;
      expect(notice!.moderationWarning).toMatchObject({ action: 'limit', endsAt: action.endsAt });

      const lifted = await acted(moderator, target, { type: 'unlimit' });
      expect(lifted.account.limit).toBeNull();
      // Lifting is not news the person is told of.
      expect((await succeed(server, 'GET', '/api/notifications', target)).notifications).toHaveLength(1);
    });
  });

  describe('deleting content', () => {
    const newPost = async (author: Person) =>
      (
        await succeed(server, 'POST', '/api/posts?return=post', author, {
          postData: { content: 'Buy cheap pills' },
        })
      ).post._id as string;

    it('a moderator deletes a post and a comment of someone below them, with the audit entry and history', async () => {
      const author = await person('spammer');
      const postId = await newPost(author);
      const commentId = (
        await succeed(server, 'POST', `/api/comments/add/${postId}?return=post`, author, {
          commentData: { text: 'Click here' },
        })
      ).comment!._id;
      const otherPost = await newPost(author);

      const comment = await server.request('DELETE', `/api/admin/posts/${postId}/comments/${commentId}`, {
        token: moderator.token,
        body: { reason: 'Link spam' },
      });
      expect(comment.status).toBe(200);
      expect(comment.body).toEqual({ deleted: commentId });
      expect((await server.request('GET', `/api/posts/${postId}`)).body.post.comments).toEqual([]);

      const deleted = await server.request('DELETE', `/api/admin/posts/${otherPost}`, {
        token: moderator.token,
      });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ deleted: otherPost });
      expect((await server.request('GET', `/api/posts/${otherPost}`)).status).toBe(404);

      const [postEntry, commentEntry] = await auditEntries();
      expect(postEntry).toMatchObject({
        action: 'delete_post',
        targetType: 'post',
        targetId: otherPost,
        reason: '',
      });
      expect(postEntry!.targetLabel).toBe(`${author.username}: Buy cheap pills`);
      expect(commentEntry).toMatchObject({
        action: 'delete_comment',
        targetType: 'comment',
        targetId: commentId,
        reason: 'Link spam',
      });
      const history = (await succeed(server, 'GET', `/api/admin/accounts/${author.username}`, moderator))
        .actions;
      expect(history.map((entry) => entry.type)).toEqual(['delete_post', 'delete_comment']);
    });

    it('not the content of someone of their role or above (403), nor what is not there (404)', async () => {
      const postId = await newPost(admin);
      const reply = await server.request('DELETE', `/api/admin/posts/${postId}`, { token: moderator.token });
      expect(reply.status).toBe(403);
      expect((await server.request('GET', `/api/posts/${postId}`)).status).toBe(200);
      const missing = await server.request(
        'DELETE',
        '/api/admin/posts/0190f3a0-0000-7000-8000-000000000000',
        {
          token: moderator.token,
        },
      );
      expect(missing.status).toBe(404);
    });
  });

  describe('the accounts list and the audit log', () => {
    it('filters by status and by the start of a name, and pages', async () => {
      const staffList = await succeed(server, 'GET', '/api/admin/accounts?status=staff&limit=100', moderator);
      const roles = new Map(staffList.accounts.map((entry) => [entry.username, entry.role]));
      expect(roles.get('maya.chen')).toBe('owner');
      expect(roles.get(moderator.username)).toBe('moderator');
      expect([...roles.values()]).not.toContain('user');

      const found = await succeed(
        server,
        'GET',
        `/api/admin/accounts?query=${moderator.username.toUpperCase()}`,
        admin,
      );
      expect(found.accounts.map((entry) => entry.username)).toEqual([moderator.username]);

      const first = await succeed(server, 'GET', '/api/admin/accounts?limit=2', admin);
      expect(first.accounts).toHaveLength(2);
      const second = await succeed(
        server,
        'GET',
        `/api/admin/accounts?limit=2&cursor=${first.nextCursor}`,
        admin,
      );
      expect(second.accounts[0]!.createdAt <= first.accounts[1]!.createdAt).toBe(true);
      expect(second.accounts.map((entry) => entry.username)).not.toContain(first.accounts[1]!.username);
    });

    it('the log pages newest first and has no route that changes it', async () => {
      const first = await succeed(server, 'GET', '/api/admin/audit-log?limit=2', owner);
      expect(first.entries).toHaveLength(2);
      const second = await succeed(
        server,
        'GET',
        `/api/admin/audit-log?limit=2&cursor=${first.nextCursor}`,
        owner,
      );
      expect(second.entries[0]!.createdAt <= first.entries[1]!.createdAt).toBe(true);
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        for (const path of ['/api/admin/audit-log', `/api/admin/audit-log/${first.entries[0]!.id}`]) {
          const reply = await server.request(method, path, { token: owner.token, body: {} });
          expect({ method, path, status: reply.status }).toEqual({ method, path, status: 404 });
        }
      }
    });
  });

  // Last: it moves the clock 30 days on, past every token signed before (they last 7 days).
  describe('purge', () => {
    /** Signs the staff in again after the clock moved past their tokens' lifetime. */
    const signInAgain = async () => {
      moderator = { ...moderator, token: (await login(moderator.username)).body.encodedToken };
      owner = { ...owner, token: await server.login('maya.chen', demoPassword) };
    };
    const accountPage = (who: Person) =>
      server.request('GET', `/api/admin/accounts/${who.username}`, { token: moderator.token });

    it('a suspension until lifted is purged after 30 days, with everything of theirs; not before', async () => {
      const [target, timed] = [await person('purged'), await person('notpurged')];
      const postId = (
        await succeed(server, 'POST', '/api/posts?return=post', target, { postData: { content: 'Spam' } })
      ).post._id;
      // Their quote of someone's post counts until the purge.
      const quoted = (
        await succeed(server, 'POST', '/api/posts?return=post', timed, { postData: { content: 'Quoted' } })
      ).post._id;
      await succeed(server, 'POST', '/api/posts?return=minimal', target, {
        postData: { content: 'Spam about it', quoteId: quoted },
      });
      const quoteCount = async () =>
        (
          await server.database.db
            .selectFrom('posts')
            .select('quote_count')
            .where('id', '=', quoted)
            .executeTakeFirstOrThrow()
        ).quote_count;
      expect(await quoteCount()).toBe(1);
      await acted(moderator, target, { type: 'suspend', text: 'Spam bot.' });
      await acted(moderator, timed, { type: 'suspend', durationSeconds: 60 * 24 * 3600 });
      // Two hours short of 30 days, then the two hours: the purge job runs hourly.
      server.clock.advance(30 * day - 2 * hour);
      await server.app.jobs.runDue();
      await signInAgain();
      expect((await accountPage(target)).status).toBe(200);

      server.clock.advance(2 * hour);
      await server.app.jobs.runDue();
      expectError(await accountPage(target), 404, `No user "${target.username}" exists.`);
      expect((await server.request('GET', `/api/posts/${postId}`)).status).toBe(404);
      expect(await counterMismatches(server.database.db)).toEqual([]);
      expect(await quoteCount()).toBe(0);
      const purge = (await auditEntries()).find((entry) => entry.action === 'purge_account');
      expect(purge).toMatchObject({
        actor: { username: 'scheduled job' },
        targetId: target.id,
        targetLabel: target.username,
      });
      // A timed suspension is never purged: it ends by itself.
      expect((await accountPage(timed)).status).toBe(200);
      // Running again (another process, the next tick) finds nothing more to do.
      const entries = (await auditEntries()).length;
      await server.app.jobs.runDue();
      expect((await auditEntries()).length).toBe(entries);
    });
  });
});
