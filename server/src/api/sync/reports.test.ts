import fs from 'node:fs';
import path from 'node:path';
import type { AdminReportsReply, ErrorBody } from '@sync/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../data/schema.js';
import { newId } from '../../platform/db/ids.js';
import { expectError, expectSummary } from '../../test/expectations.js';
import { openEventStream } from '../../test/event-stream-client.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { jpeg, png } from '../../test/images.js';
import { newComment, newPerson, newPost, type Person, succeed } from '../../test/people.js';
import { fetchFile, sendFile } from '../../test/uploads.js';

describeEachDatabase('reports', (dialect) => {
  let server: TestServer;
  let ruleIds: string[];
  beforeAll(async () => {
    server = await startServer(dialect, { seed: false });
    // The first account of an empty server becomes its owner: taken here, so everyone below is a user.
    await newPerson(server, 'founder');
    ruleIds = [await rule('No harassment'), await rule('No spam')];
  });
  afterAll(() => server.close());

  /** A rule of the instance, written as the rules' own use case does (another suite tests it). */
  async function rule(text: string): Promise<string> {
    const at = server.clock.now();
    const id = newId(at);
    const row = { id, text, hint: '', created_at: at.toISOString(), updated_at: at.toISOString() };
    const { n } = await server.database.db
      .selectFrom('instance_rules')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    await server.database.db
      .insertInto('instance_rules')
      .values({ ...row, position: Number(n) + 1, deleted_at: null })
      .execute();
    return id;
  }

  const person = (prefix: string) => newPerson(server, prefix);
  /** A person with a staff role, given before their first request (a role is read with the account). */
  const staff = async (prefix: string, role: Role = 'moderator') => {
    const who = await person(prefix);
    await server.database.db.updateTable('users').set({ role }).where('account_id', '=', who.id).execute();
    return who;
  };
  const call = <Method extends string, Url extends string>(
    method: Method,
    path: Url,
    who: Person,
    body?: unknown,
  ) => succeed(server, method, path, who, body);
  const post = (author: Person, content?: string) => newPost(server, author, content);
  const comment = (author: Person, postId: string, text?: string) => newComment(server, author, postId, text);
  const report = (reporter: Person, body: Record<string, unknown>) =>
    server.request('POST', '/api/reports', { token: reporter.token, body });
  const count = async (table: 'reports' | 'report_items' | 'audit_log' | 'notifications') => {
    const { n } = await server.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  };
  const counts = async () => ({
    reports: await count('reports'),
    items: await count('report_items'),
    audit: await count('audit_log'),
    notifications: await count('notifications'),
  });
  const auditOf = (reportId: string) =>
    server.database.db
      .selectFrom('audit_log')
      .select(['actor_username', 'action', 'target_type', 'target_label', 'reason'])
      .where('target_id', '=', reportId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  describe('filing a report', () => {
    it('201 {report}: the account, its post and comment copied as they were, the rules cited by text', async () => {
      const [reporter, target, other] = [
        await person('reporter'),
        await person('target'),
        await person('other'),
      ];
      const postId = await post(target, 'Rude post');
      const otherPost = await post(other, 'Elsewhere');
      const commentId = await comment(target, otherPost, 'Rude comment');
      const reply = await report(reporter, {
        username: target.username,
        postIds: [postId],
        commentIds: [commentId],
        category: 'violation',
        ruleIds: [ruleIds[0]],
        comment: 'Please look at this.',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const { report: filed } = reply.body;
      expect(Object.keys(filed).sort()).toEqual([
        'category',
        'comment',
        'createdAt',
        'id',
        'items',
        'resolvedAt',
        'rules',
        'state',
        'target',
      ]);
      expect(filed).toMatchObject({
        category: 'violation',
        comment: 'Please look at this.',
        rules: [{ id: ruleIds[0], text: 'No harassment' }],
        state: 'open',
        resolvedAt: null,
      });
      expectSummary(filed.target);
      expect(filed.target.username).toBe(target.username);
      expect(filed.items).toEqual([
        { postId, commentId: null, content: 'Rude post', postedAt: expect.any(String) },
        { postId: otherPost, commentId, content: 'Rude comment', postedAt: expect.any(String) },
      ]);

      const mine = await call('GET', '/api/reports', reporter);
      expect(mine).toEqual({ reports: [filed], nextCursor: null });
      expect((await call('GET', '/api/reports', target)).reports).toEqual([]);
    });

    it('an account alone, with no items or comment: spam, legal and other need no rules', async () => {
      const [reporter, target] = [await person('reporter'), await person('target')];
      for (const category of ['spam', 'legal', 'other']) {
        const reply = await report(reporter, { username: target.username, category });
        expect(reply.status, JSON.stringify(reply.body)).toBe(201);
        expect(reply.body.report).toMatchObject({ category, comment: '', items: [], rules: [] });
      }
      const listed = await call('GET', '/api/reports?limit=2', reporter);
      expect(listed.reports.map((entry) => entry.category)).toEqual(['other', 'legal']);
      const rest = await call('GET', `/api/reports?limit=2&cursor=${listed.nextCursor}`, reporter);
      expect(rest.reports.map((entry) => entry.category)).toEqual(['spam']);
      expect(rest.nextCursor).toBeNull();
    });

    describe('bad input: the right status and message, nothing written', () => {
      let reporter: Person;
      let target: Person;
      let other: Person;
      let targetPost: string;
      let otherPost: string;
      let otherComment: string;
      beforeAll(async () => {
        [reporter, target, other] = [await person('reporter'), await person('target'), await person('other')];
        targetPost = await post(target, 'Theirs');
        otherPost = await post(other, 'Not theirs');
        otherComment = await comment(other, targetPost, 'Not theirs either');
      });

      const cases: [string, () => Record<string, unknown>, number, () => string][] = [
        [
          'an unknown rule',
          () => ({ username: target.username, category: 'violation', ruleIds: ['not-a-rule'] }),
          422,
          () => 'No rule "not-a-rule" is in force on this server: pick one of its current rules.',
        ],
        [
          'rules without the category violation',
          () => ({ username: target.username, category: 'spam', ruleIds: [ruleIds[0]] }),
          422,
          () => 'Only a report of a rule violation (category "violation") cites rules.',
        ],
        [
          'a violation naming no rule',
          () => ({ username: target.username, category: 'violation' }),
          422,
          () => 'Name the rules that were broken: a violation report cites one at least.',
        ],
        [
          "a post that is not the account's",
          () => ({ username: target.username, category: 'spam', postIds: [targetPost, otherPost] }),
          422,
          () => `That post is not by @${target.username}.`,
        ],
        [
          "a comment that is not the account's",
          () => ({ username: target.username, category: 'spam', commentIds: [otherComment] }),
          422,
          () => `That comment is not by @${target.username}.`,
        ],
        [
          'a post that does not exist',
          () => ({ username: target.username, category: 'spam', postIds: [newId(new Date())] }),
          422,
          () => expect.stringMatching(/^No post with id ".+" exists\. It may have been deleted\.$/) as never,
        ],
        [
          'a post id that is not an id',
          () => ({ username: target.username, category: 'spam', postIds: ['x\u0000y'] }),
          422,
          () => 'No post with id "x\u0000y" exists. It may have been deleted.',
        ],
        [
          'oneself',
          () => ({ username: reporter.username, category: 'spam' }),
          422,
          () => 'You cannot report yourself.',
        ],
        [
          'a comment of 1,001 characters',
          () => ({ username: target.username, category: 'other', comment: 'x'.repeat(1001) }),
          400,
          () => "A report's comment can't be longer than 1,000 characters (it has 1,001).",
        ],
        [
          'more than 20 posts and comments',
          () => ({
            username: target.username,
            category: 'spam',
            postIds: Array.from({ length: 15 }, () => newId(new Date())),
            commentIds: Array.from({ length: 6 }, () => newId(new Date())),
          }),
          422,
          () => 'A report names at most 20 posts and comments (this one names 21).',
        ],
        [
          'an account that does not exist',
          () => ({ username: 'nobody_here', category: 'spam' }),
          404,
          () => 'No user "nobody_here" exists.',
        ],
        [
          'an unknown category',
          () => ({ username: target.username, category: 'rude' }),
          400,
          () => expect.stringContaining('category') as never,
        ],
      ];

      it.each(cases)('%s → %i', async (_name, body, status, message) => {
        const before = await counts();
        const reply = await report(reporter, body());
        expect(reply.status, JSON.stringify(reply.body)).toBe(status);
        expect(reply.body).toEqual({ errors: [message()] });
        expect(await counts()).toEqual(before);
      });

      it('signed out → 401, nothing written', async () => {
        const before = await counts();
        const reply = await server.request('POST', '/api/reports', {
          body: { username: target.username, category: 'spam' },
        });
        expectError(reply, 401);
        expect(await counts()).toEqual(before);
      });

      it('a rule retired since cannot be cited', async () => {
        const retired = await rule('Retired rule');
        await server.database.db
          .updateTable('instance_rules')
          .set({ deleted_at: server.clock.now().toISOString() })
          .where('id', '=', retired)
          .execute();
        const before = await counts();
        const reply = await report(reporter, {
          username: target.username,
          category: 'violation',
          ruleIds: [retired],
        });
        expect(reply.status).toBe(422);
        expect(await counts()).toEqual(before);
      });
    });

    it('an account not there for the reporter is not found: waiting for approval, or suspended (but for the staff)', async () => {
      const [reporter, waiting, suspended, moderator] = [
        await person('reporter'),
        await person('waiting'),
        await person('suspended'),
        await staff('mod'),
      ];
      await server.database.db
        .updateTable('users')
        .set({ pending_since: server.clock.now().toISOString() })
        .where('account_id', '=', waiting.id)
        .execute();
      await call('POST', `/api/admin/accounts/${suspended.username}/actions`, moderator, {
        type: 'suspend',
        text: 'Spam',
      });
      const before = await counts();
      for (const target of [waiting, suspended]) {
        const reply = await report(reporter, { username: target.username, category: 'spam' });
        expectError(reply, 404, `No user "${target.username}" exists.`);
      }
      expect(await counts()).toEqual(before);
      const byStaff = await report(moderator, { username: suspended.username, category: 'spam' });
      expect(byStaff.status).toBe(201);
    });

    it("the copy survives the post's edit and deletion: the moderator reads what was reported", async () => {
      const [reporter, target, moderator] = [
        await person('reporter'),
        await person('target'),
        await staff('mod'),
      ];
      const postId = await post(target, 'What was said');
      const commentId = await comment(target, postId, 'And this');
      const filed = (
        await report(reporter, {
          username: target.username,
          category: 'spam',
          postIds: [postId],
          commentIds: [commentId],
        })
      ).body.report;
      await call('POST', `/api/posts/edit/${postId}`, target, { postData: { content: 'Nothing to see' } });
      await call('POST', `/api/comments/delete/${postId}/${commentId}`, target);
      await call('DELETE', `/api/posts/${postId}`, target);
      const seen = (await call('GET', `/api/admin/reports/${filed.id}`, moderator)).report;
      expect(seen.items.map((item) => item.content)).toEqual(['What was said', 'And this']);
      expect((await call('GET', '/api/reports', reporter)).reports[0]!.items).toEqual(filed.items);
    });
  });

  describe('staff are told of a new report', () => {
    /** The `new_report` notifications a person is shown, as the report ids they tell of. */
    const toldOf = async (who: Person) =>
      (await call('GET', '/api/notifications', who)).notifications.flatMap((entry) =>
        entry.type === 'new_report' ? [entry.newReport!.id] : [],
      );
    const unread = async (who: Person) =>
      (await call('GET', '/api/notifications/unread', who)).count as number;

    it('every staff member is told, at once and live; a member and the reporter are not', async () => {
      const [reporter, target, member, moderator, admin] = [
        await person('reporter'),
        await person('target'),
        await person('member'),
        await staff('mod'),
        await staff('admin', 'admin'),
      ];
      const live = await openEventStream(server.url, moderator.token);
      try {
        const filed = (await report(reporter, { username: target.username, category: 'spam' })).body.report;
        const event = await live.waitFor(
          'notification',
          ({ notification }) => notification.type === 'new_report' && notification.newReport?.id === filed.id,
        );
        expect(event.data.notification).toMatchObject({
          type: 'new_report',
          actors: [],
          actorCount: 0,
          read: false,
          newReport: {
            id: filed.id,
            category: 'spam',
            target: { username: target.username },
            createdAt: filed.createdAt,
            resolved: false,
          },
        });
        const [listed] = (await call('GET', '/api/notifications', moderator)).notifications;
        expect(event.data.notification).toEqual(listed);
        expect(await toldOf(admin)).toEqual([filed.id]);
        expect(await unread(admin)).toBe(1);
        expect(await toldOf(member)).toEqual([]);
        expect(await toldOf(reporter)).toEqual([]);

        // Resolved, it is still told, as resolved.
        await call('POST', `/api/admin/reports/${filed.id}/resolve`, admin);
        const [after] = (await call('GET', '/api/notifications', moderator)).notifications;
        expect(after!.newReport).toMatchObject({ id: filed.id, resolved: true });
      } finally {
        live.close();
      }
    });

    it('open-count: how many reports are open, for staff only (a member: 403)', async () => {
      const [reporter, target, member, moderator] = [
        await person('reporter'),
        await person('target'),
        await person('member'),
        await staff('mod'),
      ];
      const openCount = async () =>
        (await call('GET', '/api/admin/reports/open-count', moderator)).count as number;
      const before = await openCount();
      const first = (await report(reporter, { username: target.username, category: 'spam' })).body.report;
      await report(reporter, { username: target.username, category: 'other' });
      expect(await openCount()).toBe(before + 2);
      await call('POST', `/api/admin/reports/${first.id}/resolve`, moderator);
      expect(await openCount()).toBe(before + 1);
      const refused = await server.request('GET', '/api/admin/reports/open-count', { token: member.token });
      expectError(
        refused,
        403,
        'Your role (user) does not allow this: it needs the permission "manage_reports".',
      );
    });

    it('a moderator who reports is not told of their own report; the other staff are', async () => {
      const [target, reporting, other] = [
        await person('target'),
        await staff('reporting'),
        await staff('other'),
      ];
      const filed = (await report(reporting, { username: target.username, category: 'other' })).body.report;
      expect(await toldOf(reporting)).not.toContain(filed.id);
      expect(await toldOf(other)).toContain(filed.id);
    });

    it('a moderator who is reported is not told of the report about them; the other staff are', async () => {
      const [reporter, reported, other] = [
        await person('reporter'),
        await staff('reported'),
        await staff('other'),
      ];
      const filed = (await report(reporter, { username: reported.username, category: 'other' })).body.report;
      expect(await toldOf(reported)).not.toContain(filed.id);
      expect(await toldOf(other)).toContain(filed.id);
    });

    it('the new_report setting turns it off (list and unread count) and back on', async () => {
      const [reporter, target, moderator] = [
        await person('reporter'),
        await person('target'),
        await staff('mod'),
      ];
      expect(
        (await call('GET', '/api/account/notification-settings', moderator)).settings.types.new_report,
      ).toBe(true);
      await call('PUT', '/api/account/notification-settings', moderator, { types: { new_report: false } });
      const filed = (await report(reporter, { username: target.username, category: 'spam' })).body.report;
      expect(await toldOf(moderator)).toEqual([]);
      expect(await unread(moderator)).toBe(0);
      await call('PUT', '/api/account/notification-settings', moderator, { types: { new_report: true } });
      expect(await toldOf(moderator)).toEqual([filed.id]);
      expect(await unread(moderator)).toBe(1);
    });
  });

  describe("the moderators' queue", () => {
    it('a user gets 403 on every route of the queue; a moderator, an admin and the owner get through', async () => {
      const [reporter, target, user] = [
        await person('reporter'),
        await person('target'),
        await person('user'),
      ];
      const filed = (await report(reporter, { username: target.username, category: 'spam' })).body.report;
      const routes: [string, string][] = [
        ['GET', '/api/admin/reports'],
        ['GET', '/api/admin/reports?resolved=true'],
        ['GET', `/api/admin/reports/${filed.id}`],
        ['POST', `/api/admin/reports/${filed.id}/assign`],
        ['POST', `/api/admin/reports/${filed.id}/unassign`],
        ['POST', `/api/admin/reports/${filed.id}/resolve`],
        ['POST', `/api/admin/reports/${filed.id}/reopen`],
      ];
      const before = await counts();
      for (const [method, path] of routes) {
        const reply = await server.request<ErrorBody>(method, path, { token: user.token });
        expect({ path, status: reply.status }).toEqual({ path, status: 403 });
        expect(reply.body.errors[0]).toBe(
          'Your role (user) does not allow this: it needs the permission "manage_reports".',
        );
      }
      expect(await counts()).toEqual(before);
      for (const role of ['moderator', 'admin', 'owner'] as const) {
        const member = await staff(role, role);
        for (const [method, path] of routes) {
          const reply = await server.request(method, path, { token: member.token });
          expect({ role, path, status: reply.status }).toEqual({ role, path, status: 200 });
        }
      }
    });

    it('an unknown report → 404', async () => {
      const moderator = await staff('mod');
      for (const id of [newId(new Date()), 'not-an-id']) {
        expectError(
          await server.request('GET', `/api/admin/reports/${id}`, { token: moderator.token }),
          404,
          `No report with id "${id}" exists.`,
        );
        expectError(
          await server.request('POST', `/api/admin/reports/${id}/resolve`, { token: moderator.token }),
          404,
        );
      }
    });

    it('pages of open and of resolved reports, newest first, each seen once', async () => {
      // A server of its own: the queue is everyone's reports.
      const own = await startServer(dialect, { seed: false });
      try {
        await newPerson(own, 'founder');
        const [reporter, target, moderator] = [
          await newPerson(own, 'reporter'),
          await newPerson(own, 'target'),
          await newPerson(own, 'mod'),
        ];
        await own.database.db
          .updateTable('users')
          .set({ role: 'moderator' })
          .where('account_id', '=', moderator.id)
          .execute();
        const ids: string[] = [];
        for (let index = 0; index < 7; index += 1) {
          const reply = await own.request('POST', '/api/reports', {
            token: reporter.token,
            body: { username: target.username, category: 'other', comment: `report ${index}` },
          });
          ids.push(reply.body.report.id);
        }
        const resolvedIds = [ids[1]!, ids[4]!];
        for (const id of resolvedIds)
          await succeed(own, 'POST', `/api/admin/reports/${id}/resolve`, moderator);
        const walk = async (resolved: boolean) => {
          const seen: AdminReportsReply['reports'] = [];
          let cursor: string | null = null;
          do {
            const query: `?${string}` = `?resolved=${resolved}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
            const page = await succeed(own, 'GET', `/api/admin/reports${query}`, moderator);
            expect(page.reports.length).toBeLessThanOrEqual(2);
            seen.push(...page.reports);
            cursor = page.nextCursor;
          } while (cursor);
          return seen;
        };
        const open = await walk(false);
        expect(open.map((entry) => entry.id)).toEqual(
          ids.filter((id) => !resolvedIds.includes(id)).reverse(),
        );
        expect(open.every((entry) => entry.state === 'open')).toBe(true);
        const resolved = await walk(true);
        expect(resolved.map((entry) => entry.id)).toEqual([...resolvedIds].reverse());
        expect(resolved[0]).toMatchObject({
          state: 'resolved',
          resolvedBy: { username: moderator.username },
        });
        // Each knows the other six reports about the same account.
        expect(open[0]!.targetOtherReports).toBe(6);
        // Without limit or cursor: the first page.
        expect((await succeed(own, 'GET', '/api/admin/reports', moderator)).reports).toHaveLength(5);
        // A cursor of one list is not one of the other.
        const first = await succeed(own, 'GET', '/api/admin/reports?limit=1', moderator);
        expectError(
          await own.request('GET', `/api/admin/reports?resolved=true&cursor=${first.nextCursor}`, {
            token: moderator.token,
          }),
          400,
        );
      } finally {
        await own.close();
      }
    });

    it('assign, unassign, resolve (with a note), reopen: each as asked, audited once; the reporter is told of the resolution', async () => {
      const [reporter, target, moderator, other] = [
        await person('reporter'),
        await person('target'),
        await staff('mod'),
        await staff('mod2', 'admin'),
      ];
      const postId = await post(target, 'Spam spam');
      const filed = (
        await report(reporter, {
          username: target.username,
          category: 'violation',
          ruleIds,
          postIds: [postId],
          comment: 'Look',
        })
      ).body.report;
      const path = `/api/admin/reports/${filed.id}` as const;

      const seen = (await call('GET', path, moderator)).report;
      expect(Object.keys(seen).sort()).toEqual([
        'assignedTo',
        'category',
        'comment',
        'createdAt',
        'id',
        'items',
        'reporter',
        'resolvedAt',
        'resolvedBy',
        'rules',
        'state',
        'target',
        'targetOtherReports',
        'updatedAt',
      ]);
      expect(seen).toMatchObject({
        id: filed.id,
        reporter: { username: reporter.username },
        target: {
          username: target.username,
          suspendedAt: null,
          limitedAt: null,
          createdAt: expect.any(String),
        },
        assignedTo: null,
        resolvedBy: null,
        rules: [
          { id: ruleIds[0], text: 'No harassment' },
          { id: ruleIds[1], text: 'No spam' },
        ],
        items: filed.items,
        state: 'open',
        targetOtherReports: 0,
      });

      const assigned = (await call('POST', `${path}/assign`, moderator)).report;
      expect(assigned.assignedTo!.username).toBe(moderator.username);
      expect(assigned.updatedAt > seen.updatedAt).toBe(true);
      // Again: as it is, nothing written.
      const before = await counts();
      expect((await call('POST', `${path}/assign`, moderator)).report).toEqual(assigned);
      expect(await counts()).toEqual(before);
      // Another moderator takes it over.
      expect((await call('POST', `${path}/assign`, other)).report.assignedTo!.username).toBe(other.username);
      expect((await call('POST', `${path}/unassign`, moderator)).report.assignedTo).toBeNull();

      const resolved = (await call('POST', `${path}/resolve`, moderator, { note: 'Warned them.' })).report;
      expect(resolved).toMatchObject({ state: 'resolved', resolvedBy: { username: moderator.username } });
      expect(resolved.resolvedAt).toBe(resolved.updatedAt);
      expect((await call('GET', '/api/reports', reporter)).reports[0]).toMatchObject({
        id: filed.id,
        state: 'resolved',
        resolvedAt: resolved.resolvedAt,
      });

      const [told, ...others] = (await call('GET', '/api/notifications', reporter)).notifications;
      expect(others).toEqual([]);
      expect(told).toMatchObject({
        type: 'report_resolved',
        actorCount: 0,
        actors: [],
        read: false,
        report: {
          id: filed.id,
          category: 'violation',
          target: { username: target.username },
          createdAt: filed.createdAt,
          resolvedAt: resolved.resolvedAt,
        },
      });
      expect((await call('GET', '/api/notifications/unread', reporter)).count).toBe(1);
      // Resolving again changes nothing and tells nobody twice.
      const again = await counts();
      expect((await call('POST', `${path}/resolve`, other)).report).toEqual(resolved);
      expect(await counts()).toEqual(again);

      const reopened = (await call('POST', `${path}/reopen`, other)).report;
      expect(reopened).toMatchObject({ state: 'open', resolvedAt: null, resolvedBy: null });
      expect((await call('GET', '/api/notifications', reporter)).notifications).toEqual([]);

      expect(await auditOf(filed.id)).toEqual([
        {
          actor_username: moderator.username,
          action: 'assign_report',
          target_type: 'report',
          target_label: `Report on @${target.username}`,
          reason: '',
        },
        {
          actor_username: other.username,
          action: 'assign_report',
          target_type: 'report',
          target_label: `Report on @${target.username}`,
          reason: '',
        },
        {
          actor_username: moderator.username,
          action: 'unassign_report',
          target_type: 'report',
          target_label: `Report on @${target.username}`,
          reason: '',
        },
        {
          actor_username: moderator.username,
          action: 'resolve_report',
          target_type: 'report',
          target_label: `Report on @${target.username}`,
          reason: 'Warned them.',
        },
        {
          actor_username: other.username,
          action: 'reopen_report',
          target_type: 'report',
          target_label: `Report on @${target.username}`,
          reason: '',
        },
      ]);

      // Resolved again (by another moderator): told again.
      await call('POST', `${path}/resolve`, other);
      expect(
        (await call('GET', '/api/notifications', reporter)).notifications.map((entry) => entry.type),
      ).toEqual(['report_resolved']);
    });

    it('a resolve note over 2,000 characters → 400, nothing written', async () => {
      const [reporter, target, moderator] = [
        await person('reporter'),
        await person('target'),
        await staff('mod'),
      ];
      const filed = (await report(reporter, { username: target.username, category: 'spam' })).body.report;
      const before = await counts();
      const reply = await server.request('POST', `/api/admin/reports/${filed.id}/resolve`, {
        token: moderator.token,
        body: { note: 'x'.repeat(2001) },
      });
      expectError(reply, 400, "The note can't be longer than 2,000 characters (it has 2,001).");
      expect(await counts()).toEqual(before);
    });

    it("a reporter's deleted account leaves the report in the queue, without its reporter", async () => {
      const [reporter, target, moderator] = [
        await person('reporter'),
        await person('target'),
        await staff('mod'),
      ];
      const filed = (await report(reporter, { username: target.username, category: 'spam' })).body.report;
      await call('POST', '/api/account/delete', reporter, { password: 'password123' });
      const seen = (await call('GET', `/api/admin/reports/${filed.id}`, moderator)).report;
      expect(seen.reporter).toBeNull();
      expect((await call('POST', `/api/admin/reports/${filed.id}/resolve`, moderator)).report.state).toBe(
        'resolved',
      );
    });
  });

  describe('the images of what was reported', () => {
    /** An image of `who`'s, uploaded with its alt text: its `media`. */
    const uploaded = async (who: Person, bytes: Buffer, description: string) => {
      const reply = await sendFile(
        server.url,
        '/api/media',
        who.token,
        { bytes },
        { fields: { description } },
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body.media;
    };
    const served = (url: string, who?: Person) =>
      fetchFile(server.url, url, who ? { authorization: who.token } : {});
    /** Whether the store's folder holds the file a public media url names. */
    const onDisk = (url: string) => {
      const { store } = server.config.media;
      if (store.kind !== 'disk') throw new Error('this suite uses the disk store');
      return fs.existsSync(path.join(store.folder, path.basename(url)));
    };
    const filesOf = (image: { url: string; previewUrl: string }) => [image.url, image.previewUrl];

    it('stay with the open report, alt text as it was, after the author deletes the post; only staff fetch them; they go once every report holding them is resolved', async () => {
      const [reporter, target, moderator] = [
        await person('reporter'),
        await person('target'),
        await staff('mod'),
      ];
      const photos = [
        await uploaded(target, await jpeg(320, 240, '#c03030'), 'A red card'),
        await uploaded(target, await png(), 'A small square'),
      ];
      const postId = (
        await call('POST', '/api/posts?return=post', target, {
          postData: { content: 'Look at these', mediaIds: photos.map((photo) => photo.id) },
        })
      ).post._id;
      const onComment = await uploaded(target, await jpeg(200, 100, '#3030c0'), 'A blue strip');
      const commentId = (
        await call('POST', `/api/comments/add/${postId}?return=post`, target, {
          commentData: { text: 'And this', mediaIds: [onComment.id] },
        })
      ).comment!._id;
      const bytesBefore = new Map<string, Buffer>();
      for (const image of [...photos, onComment])
        for (const url of filesOf(image)) bytesBefore.set(url, (await served(url)).bytes);
      const body = {
        username: target.username,
        category: 'spam',
        postIds: [postId],
        commentIds: [commentId],
      };
      const first = (await report(reporter, body)).body.report;
      const second = (await report(await person('witness'), body)).body.report;

      // The alt text changed after the report, then the post (with its comment) deleted.
      await call('PATCH', `/api/media/${photos[0]!.id}`, target, { description: 'Nothing to see' });
      await call('DELETE', `/api/posts/${postId}`, target);
      for (const image of [...photos, onComment])
        for (const url of filesOf(image)) {
          expect((await served(url)).status, url).toBe(404);
          expect(onDisk(url), url).toBe(true);
        }

      const seen = (await call('GET', `/api/admin/reports/${first.id}`, moderator)).report;
      const kept = (image: { id: string; width: number; height: number }, description: string) => ({
        id: image.id,
        type: 'image',
        url: `/api/admin/reports/${first.id}/media/${image.id}`,
        previewUrl: `/api/admin/reports/${first.id}/media/${image.id}/preview`,
        width: image.width,
        height: image.height,
        previewWidth: expect.any(Number),
        previewHeight: expect.any(Number),
        blurhash: expect.any(String),
        description,
        focus: { x: 0, y: 0 },
        animated: false,
      });
      expect(seen.items.map((item) => [item.content, item.media])).toEqual([
        ['Look at these', [kept(photos[0]!, 'A red card'), kept(photos[1]!, 'A small square')]],
        ['And this', [kept(onComment, 'A blue strip')]],
      ]);
      const images = seen.items.flatMap((item) => item.media);
      const originals = [...photos, onComment];
      for (const [index, image] of images.entries()) {
        for (const [keptUrl, publicUrl] of [
          [image.url, originals[index]!.url],
          [image.previewUrl, originals[index]!.previewUrl],
        ] satisfies [string, string][]) {
          const file = await served(keptUrl, moderator);
          expect(file.status, keptUrl).toBe(200);
          expect(file.headers.get('cache-control')).toBe('private, no-store');
          expect(file.bytes.equals(bytesBefore.get(publicUrl)!), keptUrl).toBe(true);
          expect((await served(keptUrl, reporter)).status, keptUrl).toBe(403);
          expect((await served(keptUrl)).status, keptUrl).toBe(401);
        }
      }
      // The reporter's own view of the report shows its text, not the kept images.
      expect((await call('GET', '/api/reports', reporter)).reports[0]!.items[0]).not.toHaveProperty('media');

      // One report resolved: the other still holds the files.
      await call('POST', `/api/admin/reports/${first.id}/resolve`, moderator);
      for (const image of images) expect((await served(image.url, moderator)).status).toBe(200);
      for (const url of filesOf(photos[0]!)) expect(onDisk(url), url).toBe(true);

      // Both resolved: the files are deleted, and the reports show the images no more.
      await call('POST', `/api/admin/reports/${second.id}/resolve`, moderator);
      for (const image of [...photos, onComment])
        for (const url of filesOf(image)) expect(onDisk(url), url).toBe(false);
      for (const image of images) expect((await served(image.url, moderator)).status, image.url).toBe(404);
      const after = (await call('GET', `/api/admin/reports/${first.id}`, moderator)).report;
      expect(after.items.map((item) => item.media)).toEqual([[], []]);
    });

    it("a live post's images are the report's to show too, and are not deleted when the report is resolved", async () => {
      const [reporter, target, moderator] = [
        await person('reporter'),
        await person('target'),
        await staff('mod'),
      ];
      const photo = await uploaded(target, await jpeg(64, 48), 'Grey');
      const postId = (
        await call('POST', '/api/posts?return=post', target, {
          postData: { content: 'Still here', mediaIds: [photo.id] },
        })
      ).post._id;
      const filed = (
        await report(reporter, { username: target.username, category: 'spam', postIds: [postId] })
      ).body.report;
      await call('POST', `/api/admin/reports/${filed.id}/resolve`, moderator);
      for (const url of filesOf(photo)) {
        expect((await served(url)).status, url).toBe(200);
        expect(onDisk(url), url).toBe(true);
      }
      const seen = (await call('GET', `/api/admin/reports/${filed.id}`, moderator)).report;
      expect(seen.items[0]!.media.map((image) => image.description)).toEqual(['Grey']);
      expect((await served(seen.items[0]!.media[0]!.url, moderator)).status).toBe(200);
    });

    it('an image the report does not keep, or a report that is not there → 404 with words; a member → 403', async () => {
      const [reporter, target, moderator] = [
        await person('reporter'),
        await person('target'),
        await staff('mod'),
      ];
      const filed = (await report(reporter, { username: target.username, category: 'spam' })).body.report;
      const stranger = await uploaded(target, await jpeg(10, 10), '');
      for (const url of [
        `/api/admin/reports/${filed.id}/media/${stranger.id}`,
        `/api/admin/reports/${newId(server.clock.now())}/media/${stranger.id}/preview`,
        `/api/admin/reports/${filed.id}/media/not-an-id`,
      ]) {
        const reply = await server.request<ErrorBody>('GET', url, { token: moderator.token });
        expectError(reply, 404);
        expect(reply.body.errors[0]).toMatch(/keeps no image/);
      }
      expectError(
        await server.request('GET', `/api/admin/reports/${filed.id}/media/${stranger.id}`, {
          token: reporter.token,
        }),
        403,
      );
    });
  });
});
