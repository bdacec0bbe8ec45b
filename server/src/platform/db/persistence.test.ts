import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectPost, expectUser, rowCounts } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';

describeEachDatabase('persistence', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  it('everything written survives a restart: users, posts, likes, comments, votes, bookmarks, follows', async () => {
    const alice = await server.signup('persist.alice', { bio: 'still here', city: 'Gdańsk' });
    const bob = await server.signup('persist.bob');
    const created = await server.request('POST', '/api/posts?return=post', {
      token: alice.token,
      body: { postData: { content: 'Written before the restart 🚀' } },
    });
    const postId = created.body.post._id;
    await server.request('POST', `/api/posts/like/${postId}`, { token: bob.token });
    await server.request('POST', `/api/posts/like/${postId}`, { token: alice.token });
    await server.request('POST', `/api/posts/dislike/${postId}`, { token: alice.token });
    const commented = await server.request('POST', `/api/comments/add/${postId}?return=post`, {
      token: bob.token,
      body: { commentData: { text: 'Me too' } },
    });
    const commentId = commented.body.comment!._id;
    await server.request('POST', `/api/comments/upvote/${postId}/${commentId}`, { token: alice.token });
    await server.request('POST', `/api/users/bookmark/${postId}`, { token: bob.token });
    await server.request('POST', `/api/users/follow/${alice.user._id}`, { token: bob.token });
    await server.request('POST', '/api/users/edit', {
      token: alice.token,
      body: { updatedUserData: { links: 'https://example.com/alice' } },
    });

    const before = {
      posts: (await server.request('GET', '/api/posts')).body,
      users: (await server.request('GET', '/api/users')).body,
      bookmarks: (await server.request('GET', '/api/users/bookmark', { token: bob.token })).body,
      comments: (await server.request('GET', `/api/comments/${postId}`)).body,
      counts: await rowCounts(server.database.db),
    };

    await server.restart();

    const after = {
      posts: (await server.request('GET', '/api/posts')).body,
      users: (await server.request('GET', '/api/users')).body,
      bookmarks: (await server.request('GET', '/api/users/bookmark', { token: bob.token })).body,
      comments: (await server.request('GET', `/api/comments/${postId}`)).body,
      counts: await rowCounts(server.database.db),
    };
    expect(after).toEqual(before);

    const post = after.posts.posts.find((p) => p._id === postId)!;
    expectPost(post);
    expect(post.content).toBe('Written before the restart 🚀');
    expect(post.likes.likeCount).toBe(1);
    expect(post.likes.likedBy.map((u) => u.username)).toEqual(['persist.bob']);
    expect(post.likes.dislikedBy.map((u) => u.username)).toEqual(['persist.alice']);
    expect(post.comments[0]!.votes.upvotedBy.map((u) => u.username)).toEqual(['persist.alice']);
    expect(after.bookmarks.bookmarks.map((p) => p._id)).toEqual([postId]);
    const storedAlice = after.users.users.find((u) => u.username === 'persist.alice')!;
    expectUser(storedAlice);
    expect(storedAlice).toMatchObject({
      bio: 'still here',
      city: 'Gdańsk',
      links: 'https://example.com/alice',
      followerCount: 1,
    });
    expect(storedAlice.followers.map((u) => u.username)).toEqual(['persist.bob']);
    // The seed does not run again on a database that has data.
    expect(after.counts.users).toBe(before.counts.users);
  });

  it('login works after a restart, and tokens issued before it stay valid', async () => {
    const { token } = await server.signup('persist.carol');
    await server.restart();
    expect((await server.request('GET', '/api/users/bookmark', { token })).status).toBe(200);
    const reply = await server.request('POST', '/api/auth/login', {
      body: { username: 'persist.carol', password: 'password123' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.foundUser.username).toBe('persist.carol');
    const wrong = await server.request('POST', '/api/auth/login', {
      body: { username: 'persist.carol', password: 'not-the-password' },
    });
    expect(wrong.status).toBe(401);
    // The demo users are still there too.
    expect(
      (
        await server.request('POST', '/api/auth/login', {
          body: { username: 'guest', password: 'guest-password' },
        })
      ).status,
    ).toBe(200);
  });

  it('a deletion survives a restart', async () => {
    const { token } = await server.signup('persist.dave');
    const created = await server.request('POST', '/api/posts?return=post', {
      token,
      body: { postData: { content: 'soon gone' } },
    });
    const postId = created.body.post._id;
    expect((await server.request('DELETE', `/api/posts/${postId}`, { token })).status).toBe(201);
    await server.restart();
    expect((await server.request('GET', `/api/posts/${postId}`)).status).toBe(404);
  });
});
