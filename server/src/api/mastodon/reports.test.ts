/**
 * Reports through masto.js: `v1.reports.create` (statuses that are posts or comments, categories,
 * rules, refusals) and the admin API's reports (list and paging, one report with its statuses as they
 * were reported, assign to self, unassign, resolve, reopen), which only moderators may use, whatever
 * their token's scopes. A resolution is Sync's notification only: Mastodon apps are not shown it.
 */
import type { AdminReport } from '@sync/contract/mastodon';
import { createRestAPIClient, type mastodon } from 'masto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../data/schema.js';
import { newId } from '../../platform/db/ids.js';
import { describeEachDatabase, startServer, type Reply, type TestServer } from '../../test/harness.js';
import { accessToken, bearer, failure, linksOf, newAppUser } from '../../test/mastodon.js';
import { jpeg } from '../../test/images.js';
import { newPerson, succeed, type Person } from '../../test/people.js';
import { fetchFile } from '../../test/uploads.js';

const adminScopes = 'read write admin:read:reports admin:write:reports';

describeEachDatabase('Mastodon API: reports', (dialect) => {
  let server: TestServer;
  let ruleId: string;
  beforeAll(async () => {
    server = await startServer(dialect, { seed: false });
    // The first account of an empty server becomes its owner: taken here, so everyone below is a user.
    await newPerson(server, 'founder');
    const at = server.clock.now();
    ruleId = newId(at);
    await server.database.db
      .insertInto('instance_rules')
      .values({
        id: ruleId,
        text: 'Be kind',
        hint: 'No insults',
        position: 1,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
        deleted_at: null,
      })
      .execute();
  });
  afterAll(() => server.close());

  const appUser = (prefix: string) => newAppUser(server, prefix);
  /** Someone whose app was granted the admin scopes for reports; staff when `role` is. */
  const adminApp = async (prefix: string, role: Role) => {
    const person = await newPerson(server, prefix);
    await server.database.db.updateTable('users').set({ role }).where('account_id', '=', person.id).execute();
    const token = await accessToken(server, person.token, { scopes: adminScopes });
    return {
      ...person,
      accessToken: token,
      app: createRestAPIClient({ url: server.url, accessToken: token }),
    };
  };
  const sync = <Method extends string, Url extends string>(
    method: Method,
    path: Url,
    who: Person,
    body?: unknown,
  ) => succeed(server, method, path, who, body);

  describe('POST /api/v1/reports', () => {
    it('a post and a comment as statuses, a rule: the Report entity', async () => {
      const [reporter, target] = [await appUser('reporter'), await appUser('target')];
      const post = await target.app.v1.statuses.create({ status: 'A rude post' });
      const elsewhere = await reporter.app.v1.statuses.create({ status: 'Mine' });
      const reply = await target.app.v1.statuses.create({
        status: 'A rude reply',
        inReplyToId: elsewhere.id,
      });
      const report = await reporter.app.v1.reports.create({
        accountId: target.id,
        statusIds: [post.id, reply.id],
        comment: 'Not nice',
        category: 'violation',
        ruleIds: [ruleId],
        forward: true,
      });
      expect(report).toEqual({
        id: expect.any(String),
        actionTaken: false,
        actionTakenAt: null,
        category: 'violation',
        comment: 'Not nice',
        forwarded: false,
        createdAt: expect.any(String),
        statusIds: [post.id, reply.id],
        ruleIds: [ruleId],
        targetAccount: expect.objectContaining({ id: target.id, username: target.username }),
      });
      // Sync's own list has it, with the texts copied.
      const [mine] = (await sync('GET', '/api/reports', reporter)).reports;
      expect(mine).toMatchObject({
        id: report.id,
        items: [{ content: 'A rude post' }, { content: 'A rude reply' }],
      });
    });

    it('no category: other, or violation when rules are cited', async () => {
      const [reporter, target] = [await appUser('reporter'), await appUser('target')];
      expect((await reporter.app.v1.reports.create({ accountId: target.id })).category).toBe('other');
      expect(
        (await reporter.app.v1.reports.create({ accountId: target.id, ruleIds: [ruleId] })).category,
      ).toBe('violation');
    });

    it('refusals: 422 for what cannot be a report, 404 for an unknown account; nothing written', async () => {
      const [reporter, target, other] = [
        await appUser('reporter'),
        await appUser('target'),
        await appUser('other'),
      ];
      const foreign = await other.app.v1.statuses.create({ status: 'Not theirs' });
      const count = async () =>
        Number(
          (
            await server.database.db
              .selectFrom('reports')
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const create = (params: Partial<mastodon.rest.v1.ReportAccountParams>) =>
        failure(reporter.app.v1.reports.create({ accountId: target.id, ...params }));
      expect(await create({ statusIds: [foreign.id] })).toEqual({
        status: 422,
        error: `That post is not by @${target.username}.`,
      });
      expect(await create({ accountId: reporter.id })).toEqual({
        status: 422,
        error: 'You cannot report yourself.',
      });
      expect(await create({ category: 'violation', ruleIds: ['nope'] })).toEqual({
        status: 422,
        error: 'No rule "nope" is in force on this server: pick one of its current rules.',
      });
      expect(await create({ comment: 'x'.repeat(1001) })).toEqual({
        status: 422,
        error: "Validation failed: A report's comment can't be longer than 1,000 characters (it has 1,001).",
      });
      expect(await create({ statusIds: Array.from({ length: 21 }, () => newId(new Date())) })).toEqual({
        status: 422,
        error: 'A report names at most 20 posts and comments (this one names 21).',
      });
      const unknownCategory = await server.request('POST', '/api/v1/reports', {
        headers: { authorization: bearer(reporter.accessToken) },
        body: { account_id: target.id, category: 'rude' },
      });
      expect(unknownCategory.status).toBe(422);
      expect(await create({ accountId: newId(new Date()) })).toEqual({
        status: 404,
        error: 'Record not found',
      });
      expect(await count()).toBe(before);
    });
  });

  describe('admin.report notifications', () => {
    it('a moderator is told of a report as admin.report, with the Report and its reporter; v1, v2, types[] and exclude_types[]', async () => {
      const [reporter, target, member, moderator] = [
        await appUser('reporter'),
        await appUser('target'),
        await appUser('member'),
        await adminApp('mod', 'moderator'),
      ];
      const post = await target.app.v1.statuses.create({ status: 'A rude post' });
      const report = await reporter.app.v1.reports.create({
        accountId: target.id,
        statusIds: [post.id],
        comment: 'Not nice',
        category: 'spam',
      });

      const [told, ...others] = await moderator.app.v1.notifications.list({ types: ['admin.report'] });
      expect(others).toEqual([]);
      expect(told).toMatchObject({
        type: 'admin.report',
        account: { id: reporter.id, username: reporter.username },
        report: {
          id: report.id,
          actionTaken: false,
          category: 'spam',
          comment: 'Not nice',
          statusIds: [post.id],
          targetAccount: { id: target.id },
        },
      });
      expect(told).not.toHaveProperty('status');
      expect(await moderator.app.v1.notifications.$select(told!.id).fetch()).toEqual(told);
      expect(
        (await moderator.app.v1.notifications.list({ excludeTypes: ['admin.report'] })).map(
          (entry) => entry.type,
        ),
      ).not.toContain('admin.report');
      expect(await moderator.app.v1.notifications.unreadCount.fetch({ types: ['admin.report'] })).toEqual({
        count: 1,
      });

      const v2 = await server.request('GET', '/api/v2/notifications?types[]=admin.report', {
        token: bearer(moderator.accessToken),
      });
      expect(v2.body.notification_groups).toEqual([
        expect.objectContaining({
          type: 'admin.report',
          notifications_count: 1,
          sample_account_ids: [reporter.id],
          report: expect.objectContaining({ id: report.id, status_ids: [post.id] }),
        }),
      ]);
      expect(v2.body.accounts.map((account: { id: string }) => account.id)).toContain(reporter.id);

      // A member is not told; nor is the reporter.
      for (const who of [member, reporter, target])
        expect(await who.app.v1.notifications.list({ types: ['admin.report'] })).toEqual([]);
    });
  });

  describe('/api/v1/admin/reports', () => {
    it('a user with the admin scopes gets 403 on every route; a moderator gets through', async () => {
      const [reporter, target] = [await appUser('reporter'), await appUser('target')];
      const report = await reporter.app.v1.reports.create({ accountId: target.id });
      const user = await adminApp('user', 'user');
      const reports = user.app.v1.admin.reports;
      const selected = reports.$select(report.id);
      for (const call of [
        () => reports.list(),
        () => selected.fetch(),
        () => selected.assignToSelf(),
        () => selected.unassign(),
        () => selected.resolve(),
        () => selected.reopen(),
      ]) {
        expect(await failure(call())).toEqual({
          status: 403,
          error: 'Your role (user) does not allow this: it needs the permission "manage_reports".',
        });
      }
      const moderator = await adminApp('mod', 'moderator');
      expect((await moderator.app.v1.admin.reports.$select(report.id).fetch()).id).toBe(report.id);
    });

    it('one report: its accounts as Admin::Account, its statuses as they were reported, its rules', async () => {
      const [reporter, target] = [await appUser('reporter'), await appUser('target')];
      const post = await target.app.v1.statuses.create({ status: 'Buy #cheap things' });
      const report = await reporter.app.v1.reports.create({
        accountId: target.id,
        statusIds: [post.id],
        ruleIds: [ruleId],
      });
      await target.app.v1.statuses.$select(post.id).remove();
      const moderator = await adminApp('mod', 'moderator');
      const seen = await moderator.app.v1.admin.reports.$select(report.id).fetch();
      expect(seen).toMatchObject({
        id: report.id,
        actionTaken: false,
        category: 'violation',
        account: { id: reporter.id, username: reporter.username, account: { id: reporter.id } },
        targetAccount: {
          id: target.id,
          username: target.username,
          role: { name: '' },
          approved: true,
          suspended: false,
          silenced: false,
          account: { id: target.id },
        },
        assignedAccount: null,
        actionTakenByAccount: null,
        rules: [{ id: ruleId, text: 'Be kind', hint: 'No insults' }],
      });
      expect(seen.statuses).toHaveLength(1);
      expect(seen.statuses[0]).toMatchObject({ id: post.id, account: { id: target.id } });
      expect(seen.statuses[0]!.content).toContain('Buy');
      expect(seen.statuses[0]!.tags).toEqual([expect.objectContaining({ name: 'cheap' })]);
    });

    it("a deleted status's images stay as media_attachments with their description, past the redraft's day; staff fetch them with their token until it is resolved", async () => {
      const [reporter, target] = [await appUser('reporter'), await appUser('target')];
      const photo = await target.app.v2.media.create({
        file: new Blob([new Uint8Array(await jpeg(120, 80, '#20a020'))], { type: 'image/jpeg' }),
        description: 'A green field',
      });
      const post = await target.app.v1.statuses.create({ status: 'Look', mediaIds: [photo.id] });
      const report = await reporter.app.v1.reports.create({ accountId: target.id, statusIds: [post.id] });
      await target.app.v1.statuses.$select(post.id).remove();
      // Kept a day for a redraft, then the job takes it off the public route; the report keeps its files.
      expect((await fetchFile(server.url, photo.url!)).status).toBe(200);
      server.clock.advance(25 * 60 * 60 * 1000);
      await server.app.jobs.runDue();
      expect((await fetchFile(server.url, photo.url!)).status).toBe(404);

      const moderator = await adminApp('mod', 'moderator');
      const seen = await moderator.app.v1.admin.reports.$select(report.id).fetch();
      const [attachment] = seen.statuses[0]!.mediaAttachments;
      expect(seen.statuses[0]!.mediaAttachments).toHaveLength(1);
      expect(attachment).toMatchObject({
        id: photo.id,
        type: 'image',
        url: `${server.url}/api/v1/admin/reports/${report.id}/media/${photo.id}`,
        previewUrl: `${server.url}/api/v1/admin/reports/${report.id}/media/${photo.id}/preview`,
        description: 'A green field',
        meta: { original: { width: 120, height: 80 } },
      });
      for (const url of [attachment!.url!, attachment!.previewUrl!]) {
        expect(
          (await fetchFile(server.url, url, { authorization: bearer(moderator.accessToken) })).status,
        ).toBe(200);
        expect(
          (await fetchFile(server.url, url, { authorization: bearer(reporter.accessToken) })).status,
        ).toBe(403);
      }
      await moderator.app.v1.admin.reports.$select(report.id).resolve();
      const url = attachment!.url!;
      expect(
        (await fetchFile(server.url, url, { authorization: bearer(moderator.accessToken) })).status,
      ).toBe(404);
      const resolved = await moderator.app.v1.admin.reports.$select(report.id).fetch();
      expect(resolved.statuses[0]!.mediaAttachments).toEqual([]);
    });

    it('assign to self, unassign, resolve, reopen; the resolution is not among Mastodon notifications', async () => {
      const [reporter, target] = [await appUser('reporter'), await appUser('target')];
      const report = await reporter.app.v1.reports.create({ accountId: target.id, comment: 'Spam' });
      const moderator = await adminApp('mod', 'moderator');
      const selected = moderator.app.v1.admin.reports.$select(report.id);
      expect((await selected.assignToSelf()).assignedAccount).toMatchObject({
        id: moderator.id,
        role: { name: 'Moderator' },
      });
      expect((await selected.unassign()).assignedAccount).toBeNull();
      const resolved = await selected.resolve();
      expect(resolved).toMatchObject({
        actionTaken: true,
        actionTakenAt: expect.any(String),
        actionTakenByAccount: { id: moderator.id },
      });
      // Sync tells the reporter; Mastodon apps have no such notification (Mastodon emails instead).
      expect((await sync('GET', '/api/notifications', reporter)).notifications.map((n) => n.type)).toEqual([
        'report_resolved',
      ]);
      expect(await reporter.app.v1.notifications.list()).toEqual([]);
      expect((await reporter.app.v2.notifications.list()).notificationGroups).toEqual([]);
      expect((await reporter.app.v1.notifications.unreadCount.fetch()).count).toBe(0);
      expect((await sync('GET', '/api/notifications/unread', reporter)).count).toBe(1);

      expect(await selected.reopen()).toMatchObject({
        actionTaken: false,
        actionTakenAt: null,
        actionTakenByAccount: null,
      });
      const audited = await server.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('target_id', '=', report.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      expect(audited.map((entry) => entry.action)).toEqual([
        'assign_report',
        'unassign_report',
        'resolve_report',
        'reopen_report',
      ]);
    });

    it('the list: open reports unless resolved=true, newest first, paged by Link', async () => {
      const own = await startServer(dialect, { seed: false });
      try {
        await newPerson(own, 'founder');
        const reporter = await newAppUser(own, 'reporter');
        const target = await newAppUser(own, 'target');
        const person = await newPerson(own, 'mod');
        await own.database.db
          .updateTable('users')
          .set({ role: 'moderator' })
          .where('account_id', '=', person.id)
          .execute();
        const token = await accessToken(own, person.token, { scopes: adminScopes });
        const moderator = createRestAPIClient({ url: own.url, accessToken: token });
        const ids: string[] = [];
        for (let index = 0; index < 5; index += 1)
          ids.push((await reporter.app.v1.reports.create({ accountId: target.id, comment: `${index}` })).id);
        await moderator.v1.admin.reports.$select(ids[2]!).resolve();

        // Pages of two, following `Link` as an app does.
        const seen: string[] = [];
        let next: string | undefined = `${own.url}/api/v1/admin/reports?limit=2`;
        while (next) {
          const page: Reply<AdminReport[]> = await own.request<AdminReport[]>(
            'GET',
            next.slice(own.url.length),
            {
              headers: { authorization: bearer(token) },
            },
          );
          expect(page.status).toBe(200);
          expect(page.body.length).toBeLessThanOrEqual(2);
          seen.push(...page.body.map((report) => report.id));
          next = page.body.length === 0 ? undefined : linksOf(page.headers.get('link')).next?.toString();
        }
        expect(seen).toEqual([ids[4], ids[3], ids[1], ids[0]]);
        const resolved = await moderator.v1.admin.reports.list({ resolved: true });
        expect(resolved.map((report) => report.id)).toEqual([ids[2]]);

        // The page above the newest but one, as an app that fills a gap upwards asks for it.
        const above = await own.request('GET', `/api/v1/admin/reports?min_id=${ids[3]}`, {
          headers: { authorization: bearer(token) },
        });
        expect(above.body.map((report: { id: string }) => report.id)).toEqual([ids[4]]);
        expect(linksOf(above.headers.get('link')).prev?.searchParams.get('min_id')).toBe(ids[4]);

        // One reporter's, one account's.
        const other = await newAppUser(own, 'other');
        const theirs = (await other.app.v1.reports.create({ accountId: reporter.id })).id;
        const listed = async (query: `?${string}`) =>
          (
            await own.request('GET', `/api/v1/admin/reports${query}`, {
              headers: { authorization: bearer(token) },
            })
          ).body.map((report: { id: string }) => report.id);
        expect(await listed(`?account_id=${other.id}`)).toEqual([theirs]);
        expect(await listed(`?target_account_id=${reporter.id}`)).toEqual([theirs]);
        expect(await listed(`?target_account_id=${target.id}&limit=1`)).toEqual([ids[4]]);
        expect(await listed('?target_account_id=nobody')).toEqual([]);
      } finally {
        await own.close();
      }
    });
  });
});
