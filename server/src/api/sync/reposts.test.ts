import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectError } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { newPerson, newPost, succeed, type Person } from '../../test/people.js';

describeEachDatabase('reposts', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { seed: false });
  });
  afterAll(() => server.close());

  const repost = (who: Person, postId: string, method = 'POST') =>
    server.request(method, `/api/posts/${postId}/repost`, { token: who.token });
  const rowsOf = (postId: string) =>
    server.database.db.selectFrom('reposts').selectAll().where('post_id', '=', postId).execute();
  const postRow = (postId: string) =>
    server.database.db
      .selectFrom('posts')
      .select(['repost_count', 'version'])
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
  const follow = (who: Person, whom: Person) => succeed(server, 'POST', `/api/users/follow/${whom.id}`, who);

  it('POST and DELETE /api/posts/:postId/repost: idempotent, counted once under 30 at once, the version moves', async () => {
    const author = await newPerson(server, 'author');
    const fan = await newPerson(server, 'fan');
    const postId = await newPost(server, author, 'Worth sharing');
    const before = await postRow(postId);

    const replies = await Promise.all(Array.from({ length: 30 }, () => repost(fan, postId)));
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ reposted: true, repostCount: 1 });
    }
    expect(await rowsOf(postId)).toHaveLength(1);
    const after = await postRow(postId);
    expect(after.repost_count).toBe(1);
    expect(after.version).toBe(before.version + 1);

    const read = await succeed(server, 'GET', `/api/posts/${postId}`, fan);
    expect(read.post.repostCount).toBe(1);
    expect(read.post.viewer.reposted).toBe(true);
    const someoneElse = await succeed(server, 'GET', `/api/posts/${postId}`, author);
    expect(someoneElse.post.viewer.reposted).toBeUndefined();

    const reposters = await succeed(server, 'GET', `/api/posts/${postId}/reposts`);
    expect(reposters.users.map((user: any) => user.username)).toEqual([fan.username]);

    const undone = await Promise.all(Array.from({ length: 5 }, () => repost(fan, postId, 'DELETE')));
    for (const reply of undone) expect(reply.body).toEqual({ reposted: false, repostCount: 0 });
    expect(await rowsOf(postId)).toHaveLength(0);
    expect((await postRow(postId)).repost_count).toBe(0);
    const gone = await succeed(server, 'GET', `/api/posts/${postId}`, fan);
    expect(gone.post.repostCount).toBeUndefined();
    expect(gone.post.viewer.reposted).toBeUndefined();
  });

  it('reposting one’s own post is allowed', async () => {
    const author = await newPerson(server, 'self');
    const postId = await newPost(server, author);
    expect((await repost(author, postId)).body).toEqual({ reposted: true, repostCount: 1 });
  });

  it('refuses a missing post, a repost id as a post id (404) and a block (403), changing nothing', async () => {
    const author = await newPerson(server, 'blockedauthor');
    const fan = await newPerson(server, 'blocker');
    const postId = await newPost(server, author);
    expectError(await repost(fan, '01900000-0000-7000-8000-000000000000'), 404);
    await succeed(server, 'POST', `/api/posts/${postId}/repost`, fan);
    const [row] = await rowsOf(postId);
    expectError(await repost(fan, row!.id), 404);
    await succeed(server, 'DELETE', `/api/posts/${postId}/repost`, fan);

    await succeed(server, 'POST', `/api/users/${author.username}/block`, fan);
    const version = (await postRow(postId)).version;
    const refused = await repost(fan, postId);
    expectError(refused, 403);
    expect(refused.body.errors[0]).toContain('Unblock them first');
    // The blocked person finds the blocker's post gone, as a like would.
    const blockerPost = await newPost(server, fan);
    expectError(await repost(author, blockerPost), 404);
    expect(await rowsOf(postId)).toHaveLength(0);
    expect(await postRow(postId)).toEqual({ repost_count: 0, version });
  });

  it('POST /api/follows/reposts/:followUserId: shows or hides reposts of someone followed; 422 otherwise', async () => {
    const me = await newPerson(server, 'viewer');
    const friend = await newPerson(server, 'friend');
    const refused = await server.request('POST', `/api/follows/reposts/${friend.id}`, {
      token: me.token,
      body: { show: false },
    });
    expectError(refused, 422);
    expect(refused.body.errors[0]).toContain('You do not follow');
    await follow(me, friend);
    const relationship = await succeed(server, 'GET', `/api/users/${friend.username}/relationship`, me);
    expect(relationship.relationship.showingReposts).toBe(true);
    const hidden = await succeed(server, 'POST', `/api/follows/reposts/${friend.id}`, me, { show: false });
    expect(hidden.relationship).toMatchObject({ following: true, showingReposts: false });
    const shown = await succeed(server, 'POST', `/api/follows/reposts/${friend.id}`, me, { show: true });
    expect(shown.relationship.showingReposts).toBe(true);
  });
});
