import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectError, uniqueName } from '../../test/expectations.js';
import {
  demoPassword,
  describeEachDatabase,
  guestAccount,
  startServer,
  type TestServer,
} from '../../test/harness.js';

// The web client's welcome (docs/decisions/101): a new account has not had it, the demo's never get it.
describeEachDatabase('onboarding', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  const accountOf = async (token: string) => {
    const reply = await server.request('GET', '/api/account', { token });
    expect(reply.status).toBe(200);
    return reply.body.account;
  };
  const logIn = async (username: string, password = 'password-123') => {
    const reply = await server.request('POST', '/api/auth/login', { body: { username, password } });
    expect(reply.status).toBe(200);
    return reply.body.encodedToken as string;
  };

  const onboardedAt = async (username: string) =>
    (
      await server.database.db
        .selectFrom('accounts')
        .innerJoin('users', 'users.account_id', 'accounts.id')
        .select('onboarded_at')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).onboarded_at;

  it('a new account is not onboarded until it says so, once and for good', async () => {
    const username = uniqueName('newcomer');
    const signup = await server.request('POST', '/api/auth/signup', {
      body: { username, password: 'password-123', firstName: 'New', lastName: 'Comer', email: '' },
    });
    expect(signup.status).toBe(201);
    const { encodedToken: token } = signup.body;
    expect((await accountOf(token)).onboarded).toBe(false);

    const done = await server.request('POST', '/api/account/onboarding', { token });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ onboarded: true });
    expect((await accountOf(token)).onboarded).toBe(true);
    // Whatever device they sign in on next.
    expect((await accountOf(await logIn(username))).onboarded).toBe(true);

    const first = await onboardedAt(username);
    expect(first).not.toBeNull();
    server.clock.advance(60_000);
    expect((await server.request('POST', '/api/account/onboarding', { token })).status).toBe(200);
    expect(await onboardedAt(username)).toBe(first);
  });

  it("the demo's people and its shared guest are never welcomed", async () => {
    expect((await accountOf(await logIn(guestAccount.username, guestAccount.password))).onboarded).toBe(true);
    expect((await accountOf(await logIn('lena.k', demoPassword))).onboarded).toBe(true);
  });

  it('is refused without a session, and changes nothing', async () => {
    expectError(await server.request('POST', '/api/account/onboarding'), 401);
    const { token } = await server.signup(uniqueName('untouched'));
    expectError(await server.request('POST', '/api/account/onboarding', { token: `${token}x` }), 401);
    expect((await accountOf(token)).onboarded).toBe(false);
  });
});
