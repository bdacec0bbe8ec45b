import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../platform/http/errors.js';
import {
  deletedUserToken,
  expectError,
  expectNoSecrets,
  expectListedUser,
  expectUser,
  expiredToken,
  uniqueName,
} from '../../test/expectations.js';
import {
  demoPassword,
  describeEachDatabase,
  guestAccount,
  startServer,
  type TestServer,
} from '../../test/harness.js';

describeEachDatabase('users', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  const storedUser = (id: string) =>
    server.database.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.account_id', 'accounts.id')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  describe('reads', () => {
    it('GET /users: 200 {users}, every user in sign-up order, no secrets, without a token', async () => {
      const reply = await server.request('GET', '/api/users');
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body)).toEqual(['users']);
      reply.body.users.forEach(expectListedUser);
      expect(reply.body.users.slice(0, 6).map((user) => user.username)).toEqual([
        'guest',
        'maya.chen',
        'olu_ade',
        'lena.k',
        'sam_rivera',
        'noor.h',
      ]);
      const maya = reply.body.users[1]!;
      expect(maya).toMatchObject({
        firstName: 'Maya',
        lastName: 'Chen',
        city: 'Lisbon',
        avatarURL: '/avatars/maya.chen.png',
        links: 'https://example.com/maya',
        bookmarks: [],
      });
      expect(maya.following.map((u) => u.username)).toEqual(['olu_ade']);
      expect(maya.followers.map((u) => u.username).sort()).toEqual(['guest', 'olu_ade']);
      expectNoSecrets(reply.body);
    });

    it('GET /users/:username: 200 {user}, whatever the case of the name', async () => {
      const reply = await server.request('GET', '/api/users/Lena.K');
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body)).toEqual(['user']);
      expectUser(reply.body.user);
      expect(reply.body.user).toMatchObject({ username: 'lena.k', firstName: 'Lena', city: 'Kraków' });
      expectNoSecrets(reply.body);
    });

    it("GET /users/:username?preview=true: capped follow lists, exact counts, the viewer's follow state", async () => {
      const star = await server.signup(uniqueName('star'));
      const fans = await Promise.all([1, 2, 3, 4, 5].map((n) => server.signup(uniqueName(`fan${n}`))));
      for (const fan of fans) {
        const reply = await server.request('POST', `/api/users/follow/${star.user._id}`, {
          token: fan.token,
        });
        expect(reply.status).toBe(200);
      }
      const path = `/api/users/${star.user.username}?preview=true` as const;
      const asFan = (await server.request('GET', path, { token: fans[4]!.token })).body.user;
      expect(asFan.followerCount).toBe(5);
      expect(asFan.followers.map((u) => u._id)).toEqual(
        [fans[4], fans[3], fans[2]].map((fan) => fan!.user._id),
      );
      expect(asFan.bookmarks).toEqual([]);
      expect(asFan.viewer).toEqual({ follows: true, followedBy: false });
      const asThemselves = (await server.request('GET', path, { token: star.token })).body.user;
      expect(asThemselves.viewer).toEqual({ follows: false, followedBy: false });
      const full = (await server.request('GET', `/api/users/${star.user.username}`)).body.user;
      expect(full.followers).toHaveLength(5);
      expect(full).not.toHaveProperty('viewer');
    });

    it('GET /users/:username of an unknown user: 404 with a clear message', async () => {
      expectError(
        await server.request('GET', '/api/users/no.such.user'),
        404,
        Messages.userNotFound('no.such.user'),
      );
    });

    it("bookmarks are private: only the viewer's own user object carries them", async () => {
      const { token, user } = await server.signup(uniqueName('private'));
      const postId = (await server.request('GET', '/api/posts')).body.posts[0]!._id;
      expect((await server.request('POST', `/api/users/bookmark/${postId}`, { token })).status).toBe(200);
      const anonymous = await server.request('GET', `/api/users/${user.username}`);
      expect(anonymous.body.user.bookmarks).toEqual([]);
      const own = await server.request('GET', `/api/users/${user.username}`, { token });
      expect(own.body.user.bookmarks.map((post) => post._id)).toEqual([postId]);
      expectUser(own.body.user);
      const list = await server.request('GET', '/api/users', { token });
      for (const other of list.body.users) {
        expect(other.bookmarks.length).toBe(other._id === user._id ? 1 : 0);
      }
    });

    it('GET /users/suggestions: 200 {users} with bios, never the viewer nor people they follow', async () => {
      const token = await server.login(guestAccount.username, guestAccount.password);
      const reply = await server.request('GET', '/api/users/suggestions', { token });
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body)).toEqual(['users']);
      expect(reply.body.users).toHaveLength(4);
      for (const user of reply.body.users) {
        expect(Object.keys(user).sort()).toEqual([
          '_id',
          'avatarURL',
          'bio',
          'firstName',
          'lastName',
          'username',
          'viewer',
        ]);
        // Suggested: someone the viewer does not follow yet (who may follow the viewer).
        expect(user.viewer!.follows).toBe(false);
        const demo = ['olu_ade', 'lena.k', 'sam_rivera', 'noor.h'].includes(user.username);
        if (demo) expect(user.bio).not.toBe('');
        else expect(user.bio).toEqual(expect.any(String));
      }
      const names = reply.body.users.map((u) => u.username);
      expect(names).not.toContain('guest');
      expect(names).not.toContain('maya.chen');
      expectNoSecrets(reply.body);
    });
  });

  describe('edit', () => {
    it('POST /users/edit: 201 {users}; takes the whole user object but changes only bio, links, city, avatarURL', async () => {
      const { token, user } = await server.signup(uniqueName('editme'));
      const other = await server.signup(uniqueName('someone'));
      const before = await storedUser(user._id);
      const updatedUserData = {
        ...user,
        _id: other.user._id,
        username: 'renamed_user',
        password: 'a-new-password',
        firstName: 'Changed',
        lastName: 'Name',
        email: 'changed@example.com',
        following: [{ _id: other.user._id, username: other.user.username }],
        followers: [{ _id: other.user._id, username: other.user.username }],
        bookmarks: [{ _id: 'x' }],
        followerCount: 99,
        bio: 'I like 🌿 plants.',
        links: 'https://example.com/me',
        city: 'Porto',
        avatarURL: '/avatars/custom.svg',
      };
      const reply = await server.request('POST', '/api/users/edit', { token, body: { updatedUserData } });
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body)).toEqual(['users']);
      reply.body.users.forEach(expectListedUser);
      expectNoSecrets(reply.body);
      const mine = reply.body.users.find((u) => u._id === user._id);
      expect(mine).toMatchObject({
        username: user.username,
        firstName: 'Test',
        lastName: 'User',
        email: '',
        bio: 'I like 🌿 plants.',
        links: 'https://example.com/me',
        city: 'Porto',
        avatarURL: '/avatars/custom.svg',
        following: [],
        followers: [],
        bookmarks: [],
        followerCount: 0,
      });
      const after = await storedUser(user._id);
      expect(after).toMatchObject({
        username: before.username,
        password_hash: before.password_hash,
        first_name: before.first_name,
        last_name: before.last_name,
        email: before.email,
        follower_count: 0,
        following_count: 0,
        bio: 'I like 🌿 plants.',
      });
      expect(after.updated_at >= before.updated_at).toBe(true);
      expect(await storedUser(other.user._id)).toMatchObject({ bio: '', city: '' });
      // Still the same account with the same password.
      expect(await server.login(user.username, 'password123')).toEqual(expect.any(String));
      expectError(
        await server.request('POST', '/api/auth/login', {
          body: { username: 'renamed_user', password: 'x' },
        }),
        404,
      );
    });

    it('leaves fields out of the payload as they were', async () => {
      const { token, user } = await server.signup(uniqueName('partial'), { bio: 'old bio', city: 'Oslo' });
      const reply = await server.request('POST', '/api/users/edit', {
        token,
        body: { updatedUserData: { links: 'http://example.org' } },
      });
      expect(reply.status).toBe(201);
      expect(await storedUser(user._id)).toMatchObject({
        bio: 'old bio',
        city: 'Oslo',
        links: 'http://example.org',
      });
    });

    it.each([
      [{ avatarURL: 'javascript:alert(1)' }],
      [{ links: 'javascript:alert(1)' }],
      [{ links: 'data:text/html,<script>alert(1)</script>' }],
      [{ avatarURL: '//evil.example.com/x.png' }],
      [{ links: 'not a url' }],
      [{ bio: 'x'.repeat(301) }],
      [{ bio: '🙂'.repeat(301) }],
      [{ bio: 42 }],
      [{ city: null }],
      [{ bio: 'nul\u0000byte' }],
    ])('refuses %j: 400, profile unchanged', async (updatedUserData) => {
      const { token, user } = await server.signup(uniqueName('refuse'));
      const before = await storedUser(user._id);
      expectError(await server.request('POST', '/api/users/edit', { token, body: { updatedUserData } }), 400);
      expect(await storedUser(user._id)).toEqual(before);
    });

    it('javascript: links are refused with a message naming the rule', async () => {
      const { token } = await server.signup(uniqueName('jsurl'));
      expectError(
        await server.request('POST', '/api/users/edit', {
          token,
          body: { updatedUserData: { avatarURL: 'javascript:alert(1)' } },
        }),
        400,
        'Avatar URL must be a web address starting with https:// or http://.',
      );
    });

    it('names, bios, cities and links refuse controls and direction overrides; a bio keeps its line breaks; nothing changes', async () => {
      const overridden = 'Admin\u202Egnp.exe';
      expectError(
        await server.request('POST', '/api/auth/signup', {
          body: {
            username: uniqueName('spoof'),
            password: 'password123',
            firstName: overridden,
            lastName: 'X',
          },
        }),
        400,
        "First name can't contain control characters or text-direction overrides (it has U+202E), which can disguise how it reads. Remove it and try again.",
      );
      expectError(
        await server.request('POST', '/api/auth/signup', {
          body: {
            username: uniqueName('spoof'),
            password: 'password123',
            firstName: 'Ann',
            lastName: 'Two\nLines',
          },
        }),
        400,
        'Last name must be one line: remove the line break or tab.',
      );
      const { token, user } = await server.signup(uniqueName('controls'), { bio: 'Line one\nLine two' });
      expect((await storedUser(user._id)).bio).toBe('Line one\nLine two');
      const before = await storedUser(user._id);
      for (const [field, value, code] of [
        ['bio', 'Bell \u0007 and escape \u001b[31m', 'U+0007'],
        ['bio', 'Isolate \u2066here\u2069', 'U+2066'],
        ['city', 'Paris\u0085', 'U+0085'],
        ['links', 'https://example.com/\u202E', 'U+202E'],
      ] as const) {
        const label = { bio: 'Bio', city: 'City', links: 'Link' }[field];
        expectError(
          await server.request('POST', '/api/users/edit', {
            token,
            body: { updatedUserData: { [field]: value } },
          }),
          400,
          `${label} can't contain control characters or text-direction overrides (it has ${code}), which can disguise how it reads. Remove it and try again.`,
        );
      }
      expect(await storedUser(user._id)).toEqual(before);
      // A right-to-left name's marks are not controls.
      const marked = await server.request('POST', '/api/users/edit', {
        token,
        body: { updatedUserData: { bio: 'שלום\u200F world\tand a tab' } },
      });
      expect(marked.status).toBe(201);
    });

    it('accepts a bio of exactly 300 characters (emoji count as one) and empty values', async () => {
      const { token, user } = await server.signup(uniqueName('bio300'));
      const bio = '🙂'.repeat(300);
      expect(
        (await server.request('POST', '/api/users/edit', { token, body: { updatedUserData: { bio } } }))
          .status,
      ).toBe(201);
      expect((await storedUser(user._id)).bio).toBe(bio);
      const cleared = await server.request('POST', '/api/users/edit', {
        token,
        body: { updatedUserData: { bio: '', links: '', avatarURL: '' } },
      });
      expect(cleared.status).toBe(201);
      expect(await storedUser(user._id)).toMatchObject({ bio: '', links: '', avatar_url: '' });
    });

    it('refuses a missing or wrongly typed updatedUserData: 400', async () => {
      const { token } = await server.signup(uniqueName('shape'));
      expectError(
        await server.request('POST', '/api/users/edit', { token, body: {} }),
        400,
        'updatedUserData is required.',
      );
      expectError(
        await server.request('POST', '/api/users/edit', { token, body: { updatedUserData: 'bio' } }),
        400,
        'updatedUserData must be an object.',
      );
    });

    it('?return=post answers {user}, the edited user alone', async () => {
      const { token, user } = await server.signup(uniqueName('retuser'));
      const reply = await server.request('POST', '/api/users/edit?return=post', {
        token,
        body: { updatedUserData: { city: 'Rome' } },
      });
      expect(reply.status).toBe(201);
      expect(Object.keys(reply.body)).toEqual(['user']);
      expectUser(reply.body.user);
      expect(reply.body.user).toMatchObject({ _id: user._id, city: 'Rome' });
    });
  });

  it('sign-up and login answers carry no password or hash', async () => {
    const name = uniqueName('secret');
    const signup = await server.request('POST', '/api/auth/signup', {
      body: { username: name, password: 'password123', firstName: 'S', lastName: 'T' },
    });
    expect(signup.status).toBe(201);
    expectUser(signup.body.createdUser);
    expectNoSecrets(signup.body.createdUser);
    const login = await server.request('POST', '/api/auth/login', {
      body: { username: name, password: 'password123' },
    });
    expect(login.status).toBe(200);
    expectUser(login.body.foundUser);
    expectNoSecrets(login.body.foundUser);
    expect(JSON.stringify(login.body)).not.toContain('password123');
  });

  describe('token checks on user calls', () => {
    it('an expired token: 401 with the spec text', async () => {
      const token = await server.login('olu_ade', demoPassword);
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
      const expired = await expiredToken({ _id: claims._id, username: claims.username });
      const reply = await server.request('POST', '/api/users/edit', {
        token: expired,
        body: { updatedUserData: { bio: 'x' } },
      });
      expectError(reply, 401, 'The token is invalid. Unauthorized access error.');
      expect(Messages.invalidToken).toBe('The token is invalid. Unauthorized access error.');
    });

    it('a valid token of a deleted user: 404 with the spec text', async () => {
      const token = await deletedUserToken(server, uniqueName('vanished'));
      const reply = await server.request('POST', '/api/users/edit', {
        token,
        body: { updatedUserData: { bio: 'x' } },
      });
      expectError(reply, 404, 'The username you entered is not Registered. Not Found error');
    });
  });
});
