import type { ErrorBody } from '@sync/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../platform/http/errors.js';
import { describeEachDatabase, guestAccount, startServer, type TestServer } from '../../test/harness.js';

describeEachDatabase('auth', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  it('signs up a user: 201 with createdUser and a token, empty follows and bookmarks', async () => {
    const reply = await server.request('POST', '/api/auth/signup', {
      body: {
        username: 'new.user',
        password: 'password123',
        firstName: 'New',
        lastName: 'User',
        email: 'n@example.com',
      },
    });
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.body).sort()).toEqual(['createdUser', 'encodedToken']);
    expect(reply.body.createdUser).toMatchObject({
      username: 'new.user',
      firstName: 'New',
      lastName: 'User',
      email: 'n@example.com',
      following: [],
      followers: [],
      bookmarks: [],
    });
    expect(reply.body.createdUser).not.toHaveProperty('password');
    expect(JSON.stringify(reply.body)).not.toContain('argon2');
  });

  it('stores the password as an argon2id hash, never in plain text', async () => {
    await server.signup('hash.check');
    const row = await server.database.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.account_id', 'accounts.id')
      .select('password_hash')
      .where('username_key', '=', 'hash.check')
      .executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(row.password_hash).not.toContain('password123');
  });

  it('refuses a taken username, whatever its case: 422', async () => {
    const reply = await server.request('POST', '/api/auth/signup', {
      body: { username: 'GUEST', password: 'password123', firstName: 'A', lastName: 'B' },
    });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ errors: [Messages.usernameTaken] });
  });

  it.each([
    [{ username: 'ab', password: 'password123', firstName: 'A', lastName: 'B' }, 'Username must be 3 to 30'],
    [
      { username: 'bad name', password: 'password123', firstName: 'A', lastName: 'B' },
      'Username must be 3 to 30',
    ],
    [
      { username: 'shortpw', password: 'short', firstName: 'A', lastName: 'B' },
      'Password must be at least 8',
    ],
    [{ username: 'noname', password: 'password123', lastName: 'B' }, 'First name is required.'],
    [
      { username: 'blankname', password: 'password123', firstName: '  ', lastName: 'B' },
      "First name can't be empty.",
    ],
    [
      { username: 'bademail', password: 'password123', firstName: 'A', lastName: 'B', email: 'nope' },
      'Email address is not valid',
    ],
    [{ username: 'bookmark', password: 'password123', firstName: 'A', lastName: 'B' }, 'is reserved'],
    [{ password: 'password123', firstName: 'A', lastName: 'B' }, 'username is required.'],
    [{ username: 42, password: 'password123', firstName: 'A', lastName: 'B' }, 'username must be text.'],
  ])('refuses bad sign-up data with a clear 400 (%j)', async (body, message) => {
    const reply = await server.request<ErrorBody>('POST', '/api/auth/signup', { body });
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0]).toContain(message);
  });

  describe('GET /api/auth/username-available', () => {
    const ask = async (username: string) => {
      const reply = await server.request(
        'GET',
        `/api/auth/username-available?username=${encodeURIComponent(username)}`,
      );
      expect(reply.status).toBe(200);
      return reply.body;
    };
    /** What sign-up answers for the same name: the check and the refusal must say the same. */
    const signupRefusal = async (username: string) =>
      (
        await server.request<ErrorBody>('POST', '/api/auth/signup', {
          body: { username, password: 'password123', firstName: 'A', lastName: 'B' },
        })
      ).body.errors[0];

    it('says a free name is free, and taken once someone signs up with it', async () => {
      expect(await ask('free.name')).toEqual({ available: true });
      await server.signup('free.name');
      expect(await ask('free.name')).toEqual({
        available: false,
        reason: 'taken',
        message: Messages.usernameTaken,
      });
    });

    it('says a name is taken whatever its capitals, as sign-up refuses it (spaces around ignored)', async () => {
      for (const name of ['maya.chen', 'Maya.Chen', 'MAYA.CHEN', '  maya.chen ']) {
        expect(await ask(name), name).toMatchObject({ available: false, reason: 'taken' });
        expect(await signupRefusal(name)).toBe(Messages.usernameTaken);
      }
    });

    it.each([
      ['ab', 'invalid'],
      ['bad name', 'invalid'],
      ['a'.repeat(31), 'invalid'],
      ['émile', 'invalid'],
      ['', 'invalid'],
      ['bookmark', 'reserved'],
      ['Suggestions', 'reserved'],
    ])('says %j is not allowed (%s), in the words sign-up refuses it with', async (name, reason) => {
      const answer = await ask(name);
      expect(answer).toEqual({ available: false, reason, message: await signupRefusal(name) });
    });

    it('needs the username asked about', async () => {
      const reply = await server.request<ErrorBody>('GET', '/api/auth/username-available');
      expect(reply.status).toBe(400);
      expect(reply.body.errors[0]).toContain('username is required');
    });
  });

  it("accepts the spec's form spelling firstname/lastname", async () => {
    const reply = await server.request('POST', '/api/auth/signup', {
      body: { username: 'spec.form', password: 'password123', firstname: 'Spec', lastname: 'Form' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body.createdUser).toMatchObject({ firstName: 'Spec', lastName: 'Form' });
  });

  it('logs in: 200 with foundUser and a token carrying _id and username', async () => {
    const reply = await server.request('POST', '/api/auth/login', { body: guestAccount });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['encodedToken', 'foundUser']);
    expect(reply.body.foundUser.username).toBe('guest');
    const claims = JSON.parse(Buffer.from(reply.body.encodedToken.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ _id: reply.body.foundUser._id, username: 'guest' });
    expect(claims.exp - claims.iat).toBe(7 * 24 * 60 * 60);
  });

  it('refuses an unknown username (404) and a wrong password (401) with the spec texts', async () => {
    const unknown = await server.request('POST', '/api/auth/login', {
      body: { username: 'nobody', password: 'password123' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ errors: [Messages.userNotRegistered] });
    const wrong = await server.request('POST', '/api/auth/login', {
      body: { username: 'guest', password: 'not-the-password' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ errors: [Messages.wrongPassword] });
  });

  it('accepts the token raw and as "Bearer <token>"; refuses a forged one', async () => {
    const token = await server.login(guestAccount.username, guestAccount.password);
    expect((await server.request('GET', '/api/users/bookmark', { token })).status).toBe(200);
    expect((await server.request('GET', '/api/users/bookmark', { token: `Bearer ${token}` })).status).toBe(
      200,
    );
    const forged = `${token.slice(0, -4)}AAAA`;
    const reply = await server.request('GET', '/api/users/bookmark', { token: forged });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ errors: [Messages.invalidToken] });
  });
});
