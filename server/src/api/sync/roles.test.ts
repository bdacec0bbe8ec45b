/**
 * Roles: the first account of an empty server is its owner, the demo's owner is maya.chen, the signed-in
 * person's own answers say their role and permissions (nobody else's do), `npm run sync -- role` run
 * against the real data, and PUT /api/admin/accounts/:username/role with its rules (a role below one's
 * own, to someone below one's own, never one's own), each change in the audit log.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, uniqueName } from '../../test/expectations.js';
import {
  demoPassword,
  describeEachDatabase,
  guestAccount,
  startServer,
  type TestServer,
} from '../../test/harness.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** `npm run sync -- …` from the repository's root, on the server's data, as an admin runs it. */
function runSyncCommand(
  server: TestServer,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: server.config.dataDir };
  if (server.config.databaseUrl) env.DATABASE_URL = server.config.databaseUrl;
  else delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'sync', '--', ...args],
      { cwd: repoRoot, env },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const everyPermission = ['manage_reports', 'manage_users', 'manage_rules_and_settings', 'manage_roles'];

describeEachDatabase('roles', (dialect) => {
  describe('on an empty server', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(dialect, { seed: false });
    });
    afterAll(() => server.close());

    it('the first account is the owner; the next ones are users', async () => {
      const first = await server.signup(uniqueName('first'));
      expect(first.user).toMatchObject({ role: 'owner', permissions: everyPermission });
      const second = await server.signup(uniqueName('second'));
      expect(second.user).toMatchObject({ role: 'user', permissions: [] });
      const instance = await server.request('GET', '/api/instance');
      expect(instance.body.instance.owner!.username).toBe(first.user.username);
    });
  });

  describe('on the demo community', () => {
    let server: TestServer;
    let maya: string;
    beforeAll(async () => {
      server = await startServer(dialect);
      maya = await server.login('maya.chen', demoPassword);
    });
    afterAll(() => server.close());

    const roleOf = async (username: string) =>
      (
        await server.database.db
          .selectFrom('accounts')
          .innerJoin('users', 'users.account_id', 'accounts.id')
          .select('role')
          .where('username', '=', username)
          .executeTakeFirstOrThrow()
      ).role;
    const setRole = (token: string, username: string, role: string) =>
      server.request('PUT', `/api/admin/accounts/${username}/role`, { token, body: { role } });
    const auditEntries = (targetLabel: string) =>
      server.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('target_label', '=', targetLabel)
        .where('action', '=', 'change_role')
        .orderBy('created_at')
        .execute();

    it('maya.chen is the owner; everyone else, the guest too, is a user', async () => {
      const rows = await server.database.db
        .selectFrom('accounts')
        .innerJoin('users', 'users.account_id', 'accounts.id')
        .select(['username', 'role'])
        .execute();
      for (const row of rows)
        expect([row.username, row.role]).toEqual([
          row.username,
          row.username === 'maya.chen' ? 'owner' : 'user',
        ]);
      const guest = await server.request('POST', '/api/auth/login', { body: guestAccount });
      expect(guest.body.foundUser).toMatchObject({ role: 'user', permissions: [] });
    });

    it("the own user answers carry role and permissions; nobody else's do", async () => {
      const login = await server.request('POST', '/api/auth/login', {
        body: { username: 'maya.chen', password: demoPassword },
      });
      expect(login.body.foundUser).toMatchObject({ role: 'owner', permissions: everyPermission });
      const own = await server.request('GET', '/api/users/maya.chen', { token: maya });
      expect(own.body.user).toMatchObject({ role: 'owner', permissions: everyPermission });
      const ownPreview = await server.request('GET', '/api/users/maya.chen?preview=true', { token: maya });
      expect(ownPreview.body.user.role).toBe('owner');
      for (const reply of [
        await server.request('GET', '/api/users/maya.chen'),
        await server.request('GET', '/api/users/maya.chen?preview=true'),
        await server.request('GET', '/api/users/lena.k', { token: maya }),
      ]) {
        expect(reply.status).toBe(200);
        expect(reply.body.user).not.toHaveProperty('role');
        expect(reply.body.user).not.toHaveProperty('permissions');
      }
      const everyone = await server.request('GET', '/api/users', { token: maya });
      const withRole = everyone.body.users.filter((user) => 'role' in user);
      expect(withRole.map((user) => user.username)).toEqual(['maya.chen']);
    });

    it('the owner makes an admin, who makes a moderator; each change is in the audit log', async () => {
      const admin = await server.signup(uniqueName('admin'));
      const helper = await server.signup(uniqueName('helper'));
      const made = await setRole(maya, admin.user.username, 'admin');
      expect(made.status).toBe(200);
      expect(made.body).toEqual({
        account: { username: admin.user.username, role: 'admin', permissions: everyPermission },
      });
      const adminToken = await server.login(admin.user.username, 'password123');
      const moderator = await setRole(adminToken, helper.user.username, 'moderator');
      expect(moderator.body.account).toEqual({
        username: helper.user.username,
        role: 'moderator',
        permissions: ['manage_reports', 'manage_users'],
      });
      expect(await roleOf(helper.user.username)).toBe('moderator');
      const [entry] = await auditEntries(helper.user.username);
      expect(entry).toMatchObject({
        actor_username: admin.user.username,
        target_type: 'account',
        target_id: helper.user._id,
        reason: 'user → moderator',
      });
      // The same role again changes nothing and logs nothing.
      expect((await setRole(adminToken, helper.user.username, 'moderator')).status).toBe(200);
      expect(await auditEntries(helper.user.username)).toHaveLength(1);
    });

    it('refuses a role above or equal to one’s own, someone not below, one’s own; nothing changes', async () => {
      const admin = await server.signup(uniqueName('admin'));
      const otherAdmin = await server.signup(uniqueName('admin'));
      const person = await server.signup(uniqueName('person'));
      await setRole(maya, admin.user.username, 'admin');
      await setRole(maya, otherAdmin.user.username, 'admin');
      const adminToken = await server.login(admin.user.username, 'password123');

      expectError(await setRole(adminToken, person.user.username, 'admin'), 403);
      expectError(await setRole(adminToken, person.user.username, 'owner'), 403);
      expectError(await setRole(adminToken, otherAdmin.user.username, 'user'), 403);
      expectError(await setRole(adminToken, 'maya.chen', 'user'), 403);
      expectError(await setRole(adminToken, admin.user.username, 'moderator'), 403);
      expectError(await setRole(maya, 'maya.chen', 'admin'), 403);
      expectError(await setRole(maya, person.user.username, 'owner'), 403);
      expect([
        await roleOf(person.user.username),
        await roleOf(otherAdmin.user.username),
        await roleOf(admin.user.username),
        await roleOf('maya.chen'),
      ]).toEqual(['user', 'admin', 'admin', 'owner']);
      expect(await auditEntries(person.user.username)).toEqual([]);
    });

    it('a user or a moderator may not change roles; a bad role is 400, an unknown person 404', async () => {
      const moderator = await server.signup(uniqueName('mod'));
      const person = await server.signup(uniqueName('person'));
      await setRole(maya, moderator.user.username, 'moderator');
      const modToken = await server.login(moderator.user.username, 'password123');
      expectError(
        await setRole(modToken, person.user.username, 'user'),
        403,
        'Your role (moderator) does not allow this: it needs the permission "manage_roles".',
      );
      expectError(await setRole(person.token, person.user.username, 'admin'), 403);
      expectError(await setRole(maya, person.user.username, 'superuser'), 400);
      expectError(await setRole(maya, 'nobody_here', 'admin'), 404);
      expectError(
        await server.request('PUT', `/api/admin/accounts/${person.user.username}/role`, {
          body: { role: 'admin' },
        }),
        401,
      );
      expect(await roleOf(person.user.username)).toBe('user');
    });

    it('npm run sync -- role: grants any role on the real data, logged as the command line', async () => {
      const person = await server.signup(uniqueName('cli'));
      const granted = await runSyncCommand(server, ['role', person.user.username, 'owner']);
      expect(granted).toMatchObject({ code: 0, stdout: `@${person.user.username}'s role is now owner.\n` });
      expect(await roleOf(person.user.username)).toBe('owner');
      const [entry] = await auditEntries(person.user.username);
      expect(entry).toMatchObject({ actor_id: null, actor_username: 'command line', reason: 'user → owner' });
      // The running server reads the new role at the next login.
      const login = await server.request('POST', '/api/auth/login', {
        body: { username: person.user.username, password: 'password123' },
      });
      expect(login.body.foundUser.role).toBe('owner');
    });

    it('npm run sync -- role: an unknown person, a bad role or missing words fail with a message', async () => {
      const [unknown, badRole, missing] = await Promise.all([
        runSyncCommand(server, ['role', 'nobody_here', 'admin']),
        runSyncCommand(server, ['role', 'lena.k', 'boss']),
        runSyncCommand(server, ['role', 'lena.k']),
      ]);
      expect(unknown).toMatchObject({ code: 1, stderr: 'No user "nobody_here" exists.\n' });
      expect(badRole).toMatchObject({
        code: 1,
        stderr: '"boss" is not a role: use one of owner, admin, moderator, user.\n',
      });
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('npm run sync -- role USERNAME ROLE');
      expect(await roleOf('lena.k')).toBe('user');
    });
  });
});
