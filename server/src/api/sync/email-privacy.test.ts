import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type Reply, type TestServer } from '../../test/harness.js';

/**
 * Email is private: a user object carries `email` only when it is the viewer's own, on every route
 * that answers users, and no answer carries anyone else's address anywhere (whatever the key).
 */

interface Account {
  id: string;
  username: string;
  email: string;
  token: string;
}

/** An object of the JSON, whose fields are read as they come. */
type JsonObject = { [key: string]: unknown };
/** Whether a JSON value (not an array, which the walks below take first) is an object. */
const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object';

/** Every object in the JSON that has an `email` key, with where it is. */
function emailHolders(value: unknown, path = '$'): { path: string; holder: JsonObject }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => emailHolders(item, `${path}[${index}]`));
  if (!isObject(value)) return [];
  const own = 'email' in value ? [{ path, holder: value }] : [];
  return [...own, ...Object.entries(value).flatMap(([key, item]) => emailHolders(item, `${path}.${key}`))];
}

/** Every whole user object (not a summary) in the JSON. */
function userObjects(value: unknown): JsonObject[] {
  if (Array.isArray(value)) return value.flatMap(userObjects);
  if (!isObject(value)) return [];
  const isUser = '_id' in value && 'followers' in value && 'following' in value;
  return [...(isUser ? [value] : []), ...Object.values(value).flatMap(userObjects)];
}

describeEachDatabase('email privacy', (dialect) => {
  let server: TestServer;
  let owner: Account;
  let other: Account;
  /** Followed and unfollowed by the viewers, author of the post they like and bookmark. */
  let target: Account;
  let postId: string;

  const signup = async (prefix: string): Promise<Account> => {
    const username = uniqueName(prefix);
    const email = `${username}@example.com`;
    const { token, user } = await server.signup(username, { email });
    return { id: user._id, username, email, token };
  };
  const ok = async (account: Account, method: string, path: string, body?: unknown) => {
    const reply = await server.request(method, path, { token: account.token, body });
    expect(reply.status, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  };

  /** Every address on the site but the viewer's own. */
  const othersEmails = async (viewer: Account | undefined) =>
    (
      await server.database.db
        .selectFrom('accounts')
        .innerJoin('users', 'users.account_id', 'accounts.id')
        .select(['id', 'email'])
        .execute()
    )
      .filter((row) => row.email !== '' && row.id !== viewer?.id)
      .map((row) => row.email);

  /** The answer holds `email` on the viewer's own user objects, with their address, and nowhere else. */
  async function expectPrivate(reply: Reply, viewer: Account | undefined) {
    expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
    for (const { path, holder } of emailHolders(reply.body)) {
      expect(viewer, `anonymous answer carries an email at ${path}`).toBeDefined();
      expect(holder._id, `email at ${path} is not the viewer's own`).toBe(viewer!.id);
      expect(holder.email, `email at ${path}`).toBe(viewer!.email);
      expect(holder, `email at ${path} is on a summary`).toHaveProperty('followers');
    }
    for (const user of userObjects(reply.body)) {
      if (user._id === viewer?.id) expect(user.email, "the viewer's own object").toBe(viewer!.email);
    }
    const text = JSON.stringify(reply.body);
    for (const email of await othersEmails(viewer)) expect(text).not.toContain(email);
  }

  beforeAll(async () => {
    server = await startServer(dialect);
    owner = await signup('owner');
    other = await signup('other');
    target = await signup('target');
    // Each user shows up in the others' lists, posts and comments, as a summary or a whole object.
    await ok(owner, 'POST', `/api/users/follow/${other.id}?return=minimal`);
    await ok(other, 'POST', `/api/users/follow/${owner.id}?return=minimal`);
    const created = await server.request('POST', '/api/posts?return=post', {
      token: owner.token,
      body: { postData: { content: 'Mine' } },
    });
    const mine = created.body.post._id;
    await ok(other, 'POST', `/api/posts/like/${mine}?return=minimal`);
    await ok(other, 'POST', `/api/comments/add/${mine}?return=minimal`, { commentData: { text: 'Hi' } });
    await ok(owner, 'POST', `/api/users/bookmark/${mine}?return=minimal`);
    await ok(other, 'POST', `/api/users/bookmark/${mine}?return=minimal`);
    const theirs = await server.request('POST', '/api/posts?return=post', {
      token: target.token,
      body: { postData: { content: 'Theirs' } },
    });
    postId = theirs.body.post._id;
  });
  afterAll(() => server.close());

  /** Reads that show users (whole or summaries) or what they wrote, each of one subject user. */
  const reads: { name: string; path: (subject: Account) => string; signedInOnly?: boolean }[] = [
    { name: '/api/users', path: () => '/api/users' },
    { name: '/api/users?limit=50', path: () => '/api/users?limit=50' },
    { name: '/api/users/:username', path: (subject) => `/api/users/${subject.username}` },
    {
      name: '/api/users/:username?preview=true',
      path: (subject) => `/api/users/${subject.username}?preview=true`,
    },
    { name: '/api/users/:username/followers', path: (subject) => `/api/users/${subject.username}/followers` },
    { name: '/api/users/:username/following', path: (subject) => `/api/users/${subject.username}/following` },
    { name: '/api/users/suggestions', path: () => '/api/users/suggestions', signedInOnly: true },
    { name: '/api/posts', path: () => '/api/posts' },
    { name: '/api/posts?limit=20', path: () => '/api/posts?limit=20' },
    { name: '/api/posts?sort=trending', path: () => '/api/posts?sort=trending' },
    { name: '/api/posts/user/:username', path: (subject) => `/api/posts/user/${subject.username}` },
    { name: '/api/posts/:id', path: () => `/api/posts/${postId}` },
    { name: '/api/posts/:id/likes', path: () => `/api/posts/${postId}/likes` },
    { name: '/api/comments/:postId', path: () => `/api/comments/${postId}` },
    { name: '/api/users/bookmark', path: () => '/api/users/bookmark', signedInOnly: true },
    { name: '/api/users/bookmark?limit=5', path: () => '/api/users/bookmark?limit=5', signedInOnly: true },
  ];

  const viewers: [string, () => Account | undefined][] = [
    ['anonymous', () => undefined],
    ['the owner', () => owner],
    ['another user', () => other],
  ];
  describe.each(viewers)('read by %s', (_, who) => {
    it.each(reads)('GET $name', async ({ path, signedInOnly }) => {
      const viewer = who();
      if (signedInOnly && !viewer) return;
      // Both users' profiles and posts: the viewer's own and someone else's.
      for (const subject of [owner, other]) {
        await expectPrivate(await server.request('GET', path(subject), { token: viewer?.token }), viewer);
      }
    });
  });

  it("signup and login: the new user's own object carries their email", async () => {
    const username = uniqueName('newcomer');
    const reply = await server.request('POST', '/api/auth/signup', {
      body: {
        username,
        password: 'password123',
        firstName: 'New',
        lastName: 'Comer',
        email: `${username}@example.com`,
      },
    });
    expect(reply.status).toBe(201);
    const newcomer = {
      id: reply.body.createdUser._id,
      username,
      email: `${username}@example.com`,
      token: '',
    };
    expect(reply.body.createdUser.email).toBe(newcomer.email);
    await expectPrivate(reply, newcomer);
    const login = await server.request('POST', '/api/auth/login', {
      body: { username, password: 'password123' },
    });
    expect(login.body.foundUser.email).toBe(newcomer.email);
    await expectPrivate(login, newcomer);
  });

  /** Changes that answer users (or posts, bookmarks, comments), in an order that each can succeed. */
  const changes: {
    method: string;
    path: string;
    body?: unknown | ((viewer: Account) => unknown);
    anonymous?: boolean;
  }[] = [
    {
      method: 'POST',
      path: '/api/auth/login',
      body: (viewer: Account) => ({ username: viewer.username, password: 'password123' }),
      anonymous: true,
    },
    { method: 'POST', path: '/api/users/follow/:id' },
    { method: 'POST', path: '/api/users/unfollow/:id' },
    { method: 'POST', path: '/api/users/follow/:id?return=minimal' },
    { method: 'POST', path: '/api/users/unfollow/:id?return=minimal' },
    { method: 'POST', path: '/api/users/edit', body: { updatedUserData: { bio: 'Edited' } } },
    { method: 'POST', path: '/api/users/edit?return=minimal', body: { updatedUserData: { city: 'Lagos' } } },
    { method: 'POST', path: '/api/posts/like/:postId' },
    { method: 'POST', path: '/api/comments/add/:postId', body: { commentData: { text: 'Nice' } } },
    { method: 'POST', path: '/api/users/bookmark/:postId' },
    { method: 'POST', path: '/api/users/remove-bookmark/:postId' },
  ];

  describe.each([
    ['the owner', () => owner],
    ['another user', () => other],
  ] as const)('changes by %s', (_, who) => {
    it.each(changes)('$method $path', async ({ method, path, body, anonymous }) => {
      const viewer = who();
      const reply = await server.request(method, path.replace(':id', target.id).replace(':postId', postId), {
        body: typeof body === 'function' ? body(viewer) : body,
        token: anonymous ? undefined : viewer.token,
      });
      await expectPrivate(reply, viewer);
    });
  });
});
