import { afterAll, beforeAll, expect, it } from 'vitest';
import { Messages } from '../../platform/http/errors.js';
import { expectError, expectPost, expectPosts, uniqueName } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';

describeEachDatabase('bookmarks', (dialect) => {
  let server: TestServer;
  let postIds: string[];
  beforeAll(async () => {
    server = await startServer(dialect);
    postIds = (await server.request('GET', '/api/posts')).body.posts.map((post) => post._id);
  });
  afterAll(() => server.close());

  const bookmark = (token: string, postId: string) =>
    server.request('POST', `/api/users/bookmark/${postId}`, { token });
  const stored = (userId: string) =>
    server.database.db
      .selectFrom('bookmarks')
      .select('post_id')
      .where('user_id', '=', userId)
      .orderBy('post_id')
      .execute()
      .then((rows) => rows.map((row) => row.post_id));

  it('GET /users/bookmark: 200 {bookmarks: []} for a new user', async () => {
    const { token } = await server.signup(uniqueName('empty'));
    const reply = await server.request('GET', '/api/users/bookmark', { token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ bookmarks: [] });
  });

  it('POST /users/bookmark/:postId: 200 {bookmarks} of whole posts, newest bookmark first, stored', async () => {
    const { token, user } = await server.signup(uniqueName('saver'));
    const first = await bookmark(token, postIds[2]!);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['bookmarks']);
    expectPosts(first.body.bookmarks);
    expect(first.body.bookmarks.map((post) => post._id)).toEqual([postIds[2]]);
    server.clock.advance(1000);
    await bookmark(token, postIds[0]!);
    server.clock.advance(1000);
    const third = await bookmark(token, postIds[3]!);
    expect(third.body.bookmarks.map((post) => post._id)).toEqual([postIds[3], postIds[0], postIds[2]]);
    const whole = (await server.request('GET', `/api/posts/${postIds[0]}`)).body.post;
    expect(third.body.bookmarks[1]).toEqual(whole);

    const listed = await server.request('GET', '/api/users/bookmark', { token });
    expect(listed.status).toBe(200);
    expect(Object.keys(listed.body)).toEqual(['bookmarks']);
    expect(listed.body.bookmarks).toEqual(third.body.bookmarks);
    expect(await stored(user._id)).toEqual([postIds[0], postIds[2], postIds[3]].sort());

    // The login answer carries them too, in the same order.
    const login = await server.request('POST', '/api/auth/login', {
      body: { username: user.username, password: 'password123' },
    });
    expect(login.body.foundUser.bookmarks.map((post) => post._id)).toEqual([
      postIds[3],
      postIds[0],
      postIds[2],
    ]);
  });

  it("refuses a second bookmark: 400 'This Post is already bookmarked'", async () => {
    const { token, user } = await server.signup(uniqueName('double'));
    await bookmark(token, postIds[1]!);
    const again = await bookmark(token, postIds[1]!);
    expectError(again, 400, 'This Post is already bookmarked');
    expect(Messages.alreadyBookmarked).toBe('This Post is already bookmarked');
    expect(await stored(user._id)).toEqual([postIds[1]]);
  });

  it('POST /users/remove-bookmark/:postId: 200 {bookmarks} without it; a second removal is refused', async () => {
    const { token, user } = await server.signup(uniqueName('remover'));
    await bookmark(token, postIds[0]!);
    await bookmark(token, postIds[1]!);
    const reply = await server.request('POST', `/api/users/remove-bookmark/${postIds[0]}`, { token });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body)).toEqual(['bookmarks']);
    expect(reply.body.bookmarks.map((post) => post._id)).toEqual([postIds[1]]);
    expect(await stored(user._id)).toEqual([postIds[1]]);
    const again = await server.request('POST', `/api/users/remove-bookmark/${postIds[0]}`, { token });
    expectError(again, 400, 'Post not bookmarked yet');
    expect(Messages.notBookmarked).toBe('Post not bookmarked yet');
  });

  it("one user's bookmarks do not touch another's", async () => {
    const a = await server.signup(uniqueName('ba'));
    const b = await server.signup(uniqueName('bb'));
    await bookmark(a.token, postIds[0]!);
    expect((await server.request('GET', '/api/users/bookmark', { token: b.token })).body).toEqual({
      bookmarks: [],
    });
    expect((await bookmark(b.token, postIds[0]!)).status).toBe(200);
    expectError(
      await server.request('POST', `/api/users/remove-bookmark/${postIds[1]}`, { token: b.token }),
      400,
    );
    expect(await stored(a.user._id)).toEqual([postIds[0]]);
  });

  it('unknown or malformed post ids: 404, nothing stored', async () => {
    const { token, user } = await server.signup(uniqueName('ghostmark'));
    for (const id of ['00000000-0000-7000-8000-000000000000', 'garbage']) {
      expectError(await bookmark(token, id), 404, Messages.postNotFound(id));
      expectError(await server.request('POST', `/api/users/remove-bookmark/${id}`, { token }), 404);
    }
    expect(await stored(user._id)).toEqual([]);
  });

  it('?return=minimal answers {postId, bookmarked}', async () => {
    const { token } = await server.signup(uniqueName('minimal'));
    const add = await server.request('POST', `/api/users/bookmark/${postIds[2]}?return=minimal`, { token });
    expect(add.status).toBe(200);
    expect(add.body).toEqual({ postId: postIds[2], bookmarked: true });
    const remove = await server.request('POST', `/api/users/remove-bookmark/${postIds[2]}?return=minimal`, {
      token,
    });
    expect(remove.status).toBe(200);
    expect(remove.body).toEqual({ postId: postIds[2], bookmarked: false });
  });

  it('a bookmarked post shows viewer.bookmarked in paginated lists', async () => {
    const { token } = await server.signup(uniqueName('viewer'));
    await bookmark(token, postIds[3]!);
    const page = await server.request('GET', '/api/posts?limit=100', { token });
    for (const post of page.body.posts) {
      expectPost(post, { preview: true });
      expect(post.viewer!.bookmarked).toBe(post._id === postIds[3]);
    }
  });
});
