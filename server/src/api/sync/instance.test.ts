/**
 * The About page's data (GET /api/instance, for anyone) and the admins' settings and rules
 * (/api/admin/settings, /api/admin/rules): what each answers, who may change them (permission
 * `manage_rules_and_settings`), bad input refused with nothing changed, each change in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/expectations.js';
import { demoPassword, describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';

describeEachDatabase('the instance: About, settings and rules', (dialect) => {
  let server: TestServer;
  let maya: string;
  let lena: string;
  beforeAll(async () => {
    server = await startServer(dialect);
    maya = await server.login('maya.chen', demoPassword);
    lena = await server.login('lena.k', demoPassword);
  });
  afterAll(() => server.close());

  const auditOf = (action: string) =>
    server.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
  const about = async () => {
    const reply = await server.request('GET', '/api/instance');
    expect(reply.status).toBe(200);
    return reply.body.instance;
  };

  describe('GET /api/instance', () => {
    it('answers anyone, signed out: the demo community, its owner, rules and how to join', async () => {
      const instance = await about();
      expect(instance).toMatchObject({
        title: 'Sync',
        description: server.config.instance.description,
        contactEmail: 'moderators@example.com',
        owner: {
          username: 'maya.chen',
          firstName: 'Maya',
          lastName: 'Chen',
          avatarURL: '/avatars/maya.chen.png',
        },
        moderators: [],
        registrations: { mode: 'open', message: '' },
      });
      expect(Object.keys(instance.owner!).sort()).toEqual([
        '_id',
        'avatarURL',
        'firstName',
        'lastName',
        'username',
      ]);
      expect(instance.rules).toHaveLength(4);
      for (const rule of instance.rules) {
        expect(Object.keys(rule).sort()).toEqual(['hint', 'id', 'text']);
        expect(rule.text.length).toBeGreaterThan(0);
      }
    });

    it('lists the admins and moderators, highest role first, and never someone waiting for approval', async () => {
      const setRole = (username: string, role: string) =>
        server.request('PUT', `/api/admin/accounts/${username}/role`, { token: maya, body: { role } });
      await setRole('sam_rivera', 'moderator');
      await setRole('olu_ade', 'admin');
      try {
        expect((await about()).moderators).toEqual([
          expect.objectContaining({ username: 'olu_ade', role: 'admin' }),
          expect.objectContaining({ username: 'sam_rivera', role: 'moderator' }),
        ]);
      } finally {
        await setRole('olu_ade', 'user');
        await setRole('sam_rivera', 'user');
      }
      expect((await about()).moderators).toEqual([]);
    });
  });

  describe('settings', () => {
    it('GET answers the settings with their defaults; PUT changes what it sends, logged once', async () => {
      const initial = await server.request('GET', '/api/admin/settings', { token: maya });
      expect(initial.body).toEqual({
        settings: {
          title: 'Sync',
          description: server.config.instance.description,
          contactEmail: 'moderators@example.com',
          registrationsMode: 'open',
          registrationsMessage: '',
          // New accounts confirm their address when they like (decision 100).
          emailConfirmation: 'optional',
        },
      });
      const changed = await server.request('PUT', '/api/admin/settings', {
        token: maya,
        body: { title: '  Bakers of Lisbon ', registrationsMessage: 'Say hello in your reason.' },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.settings).toEqual({
        ...initial.body.settings,
        title: 'Bakers of Lisbon',
        registrationsMessage: 'Say hello in your reason.',
      });
      expect(await about()).toMatchObject({
        title: 'Bakers of Lisbon',
        registrations: { mode: 'open', message: 'Say hello in your reason.' },
      });
      const [entry] = await auditOf('update_settings');
      expect(entry).toMatchObject({
        actor_username: 'maya.chen',
        target_type: 'settings',
        target_label: 'title, registrationsMessage',
      });
      // Sending the same values again changes and logs nothing.
      await server.request('PUT', '/api/admin/settings', {
        token: maya,
        body: { title: 'Bakers of Lisbon' },
      });
      expect(await auditOf('update_settings')).toHaveLength(1);
      await server.request('PUT', '/api/admin/settings', {
        token: maya,
        body: { title: 'Sync', registrationsMessage: '' },
      });
    });

    it('refuses an empty title, a bad contact email, an unknown mode (400), nothing changed', async () => {
      const before = (await server.request('GET', '/api/admin/settings', { token: maya })).body;
      for (const body of [
        { title: '   ' },
        { title: 'x'.repeat(101) },
        { contactEmail: 'not-an-address' },
        { registrationsMode: 'sometimes' },
        { description: 'x'.repeat(2001) },
      ])
        expectError(await server.request('PUT', '/api/admin/settings', { token: maya, body }), 400);
      expect((await server.request('GET', '/api/admin/settings', { token: maya })).body).toEqual(before);
    });

    it('are for admins: a user and a moderator get 403; signed out 401', async () => {
      await server.request('PUT', '/api/admin/accounts/noor.h/role', {
        token: maya,
        body: { role: 'moderator' },
      });
      const noor = await server.login('noor.h', demoPassword);
      for (const token of [lena, noor]) {
        expectError(await server.request('GET', '/api/admin/settings', { token }), 403);
        expectError(
          await server.request('PUT', '/api/admin/settings', {
            token,
            body: { registrationsMode: 'closed' },
          }),
          403,
        );
      }
      expectError(await server.request('GET', '/api/admin/settings'), 401);
      expect((await about()).registrations.mode).toBe('open');
    });
  });

  describe('rules', () => {
    it('adds a rule after the others, edits and retires it; each change logged; About follows', async () => {
      const created = await server.request('POST', '/api/admin/rules', {
        token: maya,
        body: { text: ' Post in English or Portuguese. ', hint: 'So that everyone can follow along.' },
      });
      expect(created.status).toBe(201);
      const { rule } = created.body;
      expect(rule).toEqual({
        id: expect.any(String),
        text: 'Post in English or Portuguese.',
        hint: 'So that everyone can follow along.',
      });
      expect((await about()).rules.at(-1)).toEqual(rule);

      const edited = await server.request('PUT', `/api/admin/rules/${rule.id}`, {
        token: maya,
        body: { text: 'Post in English, Portuguese or Spanish.' },
      });
      expect(edited.body.rule).toEqual({
        id: rule.id,
        text: 'Post in English, Portuguese or Spanish.',
        hint: '',
      });
      const listed = await server.request('GET', '/api/admin/rules', { token: maya });
      expect(listed.body.rules.at(-1)).toEqual(edited.body.rule);

      const deleted = await server.request('DELETE', `/api/admin/rules/${rule.id}`, { token: maya });
      expect(deleted.body).toEqual({ deleted: rule.id });
      expect((await about()).rules.map((item) => item.id)).not.toContain(rule.id);
      // A retired rule stays for the reports that cite it.
      const row = await server.database.db
        .selectFrom('instance_rules')
        .selectAll()
        .where('id', '=', rule.id)
        .executeTakeFirst();
      expect(row?.deleted_at).toEqual(expect.any(String));
      for (const action of ['create_rule', 'update_rule', 'delete_rule'])
        expect((await auditOf(action)).filter((entry) => entry.target_id === rule.id)).toHaveLength(1);
    });

    it('refuses an empty or overlong rule (400), an unknown or retired one (404), a user (403)', async () => {
      const before = (await about()).rules;
      expectError(
        await server.request('POST', '/api/admin/rules', { token: maya, body: { text: ' ' } }),
        400,
      );
      expectError(
        await server.request('POST', '/api/admin/rules', { token: maya, body: { text: 'x'.repeat(501) } }),
        400,
      );
      expectError(
        await server.request('PUT', '/api/admin/rules/no-such-rule', { token: maya, body: { text: 'x' } }),
        404,
      );
      expectError(await server.request('DELETE', '/api/admin/rules/no-such-rule', { token: maya }), 404);
      expectError(
        await server.request('POST', '/api/admin/rules', { token: lena, body: { text: 'Mine' } }),
        403,
      );
      expectError(await server.request('DELETE', `/api/admin/rules/${before[0]!.id}`, { token: lena }), 403);
      expect((await about()).rules).toEqual(before);
    });
  });
});
