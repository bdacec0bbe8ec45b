/**
 * The admin API's accounts through masto.js (`v1.admin.accounts`) and `GET /api/v2/admin/accounts`: a
 * moderator's app lists, filters, pages and fetches accounts as Admin::Account, takes Mastodon's actions
 * (as Sync's: none and sensitive warn, silence limits, suspend suspends, disable is refused), lifts them,
 * approves and rejects sign-ups; anyone else is refused whatever their token's scopes.
 */
import { createRestAPIClient, type mastodon } from 'masto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../data/schema.js';
import { demoPassword, describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { accessToken, bearer, failure, linksOf } from '../../test/mastodon.js';
import { newPerson, succeed, type Person } from '../../test/people.js';
import { grantRoleFromCommandLine } from '../../use-cases/shared/role-changes.js';

const adminScopes = 'read write follow push admin:read admin:write';

interface Staff extends Person {
  app: mastodon.rest.Client;
  accessToken: string;
}

describeEachDatabase('Mastodon API: admin accounts', (dialect) => {
  let server: TestServer;
  let moderator: Staff;
  let owner: Staff;

  /** A person with a Mastodon app granted the admin scopes; given `role` from the command line. */
  const withApp = async (person: Person): Promise<Staff> => {
    const token = await accessToken(server, person.token, { scopes: adminScopes });
    return {
      ...person,
      accessToken: token,
      app: createRestAPIClient({ url: server.url, accessToken: token }),
    };
  };
  const staff = async (prefix: string, role: Role) => {
    const person = await newPerson(server, prefix);
    await grantRoleFromCommandLine(server.app.deps, { username: person.username, role });
    return withApp(person);
  };
  const person = (prefix: string) => newPerson(server, prefix);
  const accountsOf = (who: Staff) => who.app.v1.admin.accounts;

  beforeAll(async () => {
    server = await startServer(dialect);
    moderator = await staff('mod', 'moderator');
    const maya = await server.login('maya.chen', demoPassword);
    const mayaId = (await server.request('GET', '/api/users/maya.chen')).body.user._id as string;
    owner = await withApp({ token: maya, id: mayaId, username: 'maya.chen' });
  });
  afterAll(() => server.close());

  describe('reading', () => {
    it('fetches an account as Admin::Account, with its public account', async () => {
      const target = await person('fetched');
      const account = await accountsOf(moderator).$select(target.id).fetch();
      expect(account).toMatchObject({
        id: target.id,
        username: target.username,
        domain: null,
        approved: true,
        confirmed: true,
        disabled: false,
        silenced: false,
        suspended: false,
        sensitized: false,
        role: { name: '', permissions: '0' },
        // Sync writes to people in English.
        locale: 'en',
        account: { id: target.id, username: target.username, acct: target.username },
      });
      const ownerAccount = await accountsOf(moderator).$select(owner.id).fetch();
      expect(ownerAccount.role).toMatchObject({ id: '3', name: 'Owner', highlighted: true });
      expect(await failure(accountsOf(moderator).$select('nobody').fetch())).toEqual({
        status: 404,
        error: 'Record not found',
      });
    });

    it('lists by Mastodon’s filters and pages by the Link header', async () => {
      const target = await person('listed');
      const byName = await accountsOf(moderator).list({ username: target.username });
      expect(byName.map((account) => account.username)).toEqual([target.username]);
      const staffList = await accountsOf(moderator).list({ staff: true, limit: 200 });
      expect(staffList.map((account) => account.username)).toEqual(
        expect.arrayContaining([moderator.username, 'maya.chen']),
      );
      expect(staffList.every((account) => String(account.role.permissions) !== '0')).toBe(true);
      expect(await accountsOf(moderator).list({ remote: true })).toEqual([]);
      expect(await accountsOf(moderator).list({ byDomain: 'elsewhere.example' })).toEqual([]);

      const seen: string[] = [];
      for await (const page of accountsOf(moderator).list({ limit: 3 })) {
        expect(page.length).toBeLessThanOrEqual(3);
        seen.push(...page.map((account) => account.id));
        if (seen.length >= 9) break;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(9);

      const v2 = await server.request(
        'GET',
        '/api/v2/admin/accounts?permissions=staff&role_ids[]=3&limit=1',
        {
          headers: { authorization: bearer(moderator.accessToken) },
        },
      );
      expect(v2.status).toBe(200);
      expect(v2.body.map((account) => account.username)).toEqual(['maya.chen']);
      expect(linksOf(v2.headers.get('link')).next).toBeDefined();
    });
  });

  describe('actions', () => {
    it('none warns, with the text, and the person reads it as a moderation_warning', async () => {
      const target = await withApp(await person('warned'));
      await accountsOf(moderator).$select(target.id).action.create({ type: 'none', text: 'Mind the rules.' });
      const [notification] = await target.app.v1.notifications.list();
      expect(notification).toMatchObject({
        type: 'moderation_warning',
        account: { id: target.id },
        moderationWarning: {
          action: 'none',
          text: 'Mind the rules.',
          statusIds: [],
          targetAccount: { id: target.id },
        },
      });
      const page = await succeed(server, 'GET', `/api/admin/accounts/${target.username}`, moderator);
      expect(page.actions[0]).toMatchObject({ type: 'warn', text: 'Mind the rules.' });
    });

    it('sensitive is a warning too, and the audit log says how it came', async () => {
      const target = await person('sensitive');
      await accountsOf(moderator).$select(target.id).action.create({ type: 'sensitive', text: 'Use a CW.' });
      const log = await succeed(server, 'GET', '/api/admin/audit-log?limit=1', owner);
      expect(log.entries[0]).toMatchObject({
        action: 'warn',
        targetId: target.id,
        reason: '(Mastodon’s “sensitive”, taken as a warning.) Use a CW.',
      });
    });

    it('silence limits and unsilence lifts it', async () => {
      const target = await person('silenced');
      await accountsOf(moderator).$select(target.id).action.create({ type: 'silence', text: 'Slow down.' });
      expect((await accountsOf(moderator).$select(target.id).fetch()).silenced).toBe(true);
      expect((await accountsOf(moderator).list({ silenced: true, limit: 200 })).map((a) => a.id)).toContain(
        target.id,
      );
      const lifted = await accountsOf(moderator).$select(target.id).unsilence();
      expect(lifted.silenced).toBe(false);
    });

    it('suspend refuses the person’s tokens and sign-in; unsuspend lets them sign in again', async () => {
      const target = await withApp(await person('suspended'));
      await accountsOf(moderator).$select(target.id).action.create({ type: 'suspend', text: 'Spam.' });
      expect(await failure(target.app.v1.accounts.verifyCredentials())).toEqual({
        status: 401,
        error: 'The access token is invalid',
      });
      const signIn = () =>
        server.request('POST', '/api/auth/login', {
          body: { username: target.username, password: 'password123' },
        });
      expect((await signIn()).status).toBe(403);
      const fetched = await accountsOf(moderator).$select(target.id).fetch();
      expect(fetched).toMatchObject({ suspended: true, disabled: false });
      expect((await accountsOf(moderator).list({ suspended: true, limit: 200 })).map((a) => a.id)).toContain(
        target.id,
      );

      const restored = await accountsOf(moderator).$select(target.id).unsuspend();
      expect(restored.suspended).toBe(false);
      expect((await signIn()).status).toBe(200);
      expect(await failure(target.app.v1.accounts.verifyCredentials())).toMatchObject({ status: 401 });
    });

    it('disable and unknown types are refused (422), and nothing is done', async () => {
      const target = await person('disabled');
      expect(
        await failure(accountsOf(moderator).$select(target.id).action.create({ type: 'disable' })),
      ).toEqual({
        status: 422,
        error:
          'Sync has no disabled accounts: suspend the account (reversible for 30 days, then purged) or silence it.',
      });
      const unknown = await server.request('POST', `/api/v1/admin/accounts/${target.id}/action`, {
        headers: { authorization: bearer(moderator.accessToken) },
        body: { type: 'delete' },
      });
      expect(unknown.status).toBe(422);
      const textless = await failure(
        accountsOf(moderator).$select(target.id).action.create({ type: 'none' }),
      );
      expect(textless).toEqual({
        status: 422,
        error: 'Validation failed: A warning needs a text: what the person should know.',
      });
      const page = await succeed(server, 'GET', `/api/admin/accounts/${target.username}`, moderator);
      expect(page.actions).toEqual([]);
      // Nothing is ever disabled or marked sensitive: these answer the account as it is.
      expect((await accountsOf(moderator).$select(target.id).enable()).disabled).toBe(false);
      expect((await accountsOf(moderator).$select(target.id).unsensitive()).sensitized).toBe(false);
    });

    it('a report that is not there is refused (404)', async () => {
      const target = await person('reported');
      const missing = await failure(
        accountsOf(moderator)
          .$select(target.id)
          .action.create({ type: 'none', text: 'Hi', reportId: 'nope' }),
      );
      expect(missing.status).toBe(404);
    });
  });

  describe('who may', () => {
    it('not someone without a staff role, whatever the token’s admin scopes (403), nor below their role', async () => {
      const plain = await withApp(await person('plain'));
      const target = await person('target');
      const calls = [
        () => accountsOf(plain).list(),
        () => accountsOf(plain).$select(target.id).fetch(),
        () => accountsOf(plain).$select(target.id).action.create({ type: 'suspend' }),
        () => accountsOf(plain).$select(target.id).unsuspend(),
      ];
      for (const call of calls) expect((await failure(call())).status).toBe(403);
      const v2 = await server.request('GET', '/api/v2/admin/accounts', {
        headers: { authorization: bearer(plain.accessToken) },
      });
      expect(v2.status).toBe(403);
      expect(
        (await failure(accountsOf(moderator).$select(owner.id).action.create({ type: 'suspend' }))).status,
      ).toBe(403);
      expect(
        (
          await server.request('POST', '/api/auth/login', {
            body: { username: 'maya.chen', password: demoPassword },
          })
        ).status,
      ).toBe(200);
    });

    it('a moderator’s token without the admin scopes is outside them (403)', async () => {
      const session = await server.login(moderator.username, 'password123');
      const readOnly = createRestAPIClient({
        url: server.url,
        accessToken: await accessToken(server, session),
      });
      expect(await failure(readOnly.v1.admin.accounts.list())).toEqual({
        status: 403,
        error: 'This action is outside the authorized scopes',
      });
    });
  });

  describe('registrations', () => {
    it('approves and rejects sign-ups waiting for a moderator', async () => {
      await succeed(server, 'PUT', '/api/admin/settings', owner, { registrationsMode: 'approval' });
      const signUp = async (username: string) => {
        const reply = await server.request('POST', '/api/auth/signup', {
          body: {
            username,
            password: 'password123',
            firstName: 'New',
            lastName: 'Person',
            reason: 'I bake.',
          },
        });
        expect(reply.status).toBe(202);
        return (
          await server.database.db
            .selectFrom('accounts')
            .innerJoin('users', 'users.account_id', 'accounts.id')
            .select('id')
            .where('username', '=', username)
            .executeTakeFirstOrThrow()
        ).id;
      };
      const [waiting, refused] = [await signUp(`wait${Date.now()}`), await signUp(`nope${Date.now()}`)];
      const pending = await accountsOf(moderator).list({ pending: true });
      expect(pending.map((account) => account.id)).toEqual(expect.arrayContaining([waiting, refused]));
      expect(pending.find((account) => account.id === waiting)).toMatchObject({
        approved: false,
        inviteRequest: 'I bake.',
      });

      expect((await accountsOf(moderator).$select(waiting).approve()).approved).toBe(true);
      expect((await accountsOf(moderator).$select(refused).reject()).id).toBe(refused);
      expect(await failure(accountsOf(moderator).$select(refused).fetch())).toMatchObject({ status: 404 });
      await succeed(server, 'PUT', '/api/admin/settings', owner, { registrationsMode: 'open' });
    });
  });
});
