import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';

/**
 * `viewer: { follows, followedBy }`: how the signed-in viewer stands with each person a profile or a
 * list of people shows ("Follows you", Follow or UnFollow), read with the page, absent when signed out.
 */
describeEachDatabase('the viewer’s follows on profiles and lists of people', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  type Person = { _id: string; username: string; viewer?: { follows: boolean; followedBy: boolean } };
  const viewerOf = (people: Person[], id: string) => people.find((person) => person._id === id)?.viewer;
  const follow = async (token: string, id: string) =>
    expect((await server.request('POST', `/api/users/follow/${id}`, { token })).status).toBe(200);

  // Me; a fan who follows me; a friend I follow who follows me back; someone I follow.
  let me: Awaited<ReturnType<TestServer['signup']>>;
  let fan: typeof me;
  let friend: typeof me;
  let followed: typeof me;
  beforeAll(async () => {
    me = await server.signup(uniqueName('viewer'));
    fan = await server.signup(uniqueName('fan'));
    friend = await server.signup(uniqueName('friend'));
    followed = await server.signup(uniqueName('followed'));
    await follow(fan.token, me.user._id);
    await follow(friend.token, me.user._id);
    await follow(me.token, friend.user._id);
    await follow(me.token, followed.user._id);
  });

  it('a profile says whether they follow me, besides whether I follow them', async () => {
    const read = async (username: string, token?: string) =>
      (await server.request('GET', `/api/users/${username}?preview=true`, { token })).body.user.viewer;
    expect(await read(fan.user.username, me.token)).toEqual({ follows: false, followedBy: true });
    expect(await read(friend.user.username, me.token)).toEqual({ follows: true, followedBy: true });
    expect(await read(followed.user.username, me.token)).toEqual({ follows: true, followedBy: false });
    // The spec's whole user object is left as it was.
    const whole = await server.request('GET', `/api/users/${fan.user.username}`, { token: me.token });
    expect(whole.body.user).not.toHaveProperty('viewer');
  });

  it('each follower and followed person carries it; signed out, nobody does', async () => {
    const followers = await server.request('GET', `/api/users/${me.user.username}/followers`, {
      token: me.token,
    });
    expect(followers.status).toBe(200);
    expect(viewerOf(followers.body.users, fan.user._id)).toEqual({ follows: false, followedBy: true });
    expect(viewerOf(followers.body.users, friend.user._id)).toEqual({ follows: true, followedBy: true });

    // Another person's list: the state is the reader's with each of them (the fan follows me).
    const theirs = await server.request('GET', `/api/users/${friend.user.username}/followers`, {
      token: fan.token,
    });
    expect(viewerOf(theirs.body.users, me.user._id)).toEqual({ follows: true, followedBy: false });

    const following = await server.request('GET', `/api/users/${me.user.username}/following`, {
      token: me.token,
    });
    expect(viewerOf(following.body.users, followed.user._id)).toEqual({ follows: true, followedBy: false });

    const signedOut = await server.request('GET', `/api/users/${me.user.username}/followers`);
    expect(signedOut.body.users.length).toBe(2);
    for (const person of signedOut.body.users) expect(person).not.toHaveProperty('viewer');
  });

  it("a post's likers and reposters, the suggestions and the people found carry it too", async () => {
    const post = await server.request('POST', '/api/posts', {
      token: followed.token,
      body: { postData: { content: 'liked and reposted' } },
    });
    const postId = post.body.posts.at(-1)!._id;
    expect((await server.request('POST', `/api/posts/like/${postId}`, { token: fan.token })).status).toBe(
      201,
    );
    expect((await server.request('POST', `/api/posts/${postId}/repost`, { token: fan.token })).status).toBe(
      200,
    );
    for (const list of ['likes', 'reposts'] as const) {
      const reply = await server.request('GET', `/api/posts/${postId}/${list}`, { token: me.token });
      expect(viewerOf(reply.body.users, fan.user._id), list).toEqual({ follows: false, followedBy: true });
    }

    const suggestions = await server.request('GET', '/api/users/suggestions?limit=20', { token: me.token });
    for (const person of suggestions.body.users) expect(person.viewer).toMatchObject({ follows: false });

    const found = await server.request('GET', `/api/search?type=users&q=${fan.user.username}`, {
      token: me.token,
    });
    expect(viewerOf(found.body.users, fan.user._id)).toEqual({ follows: false, followedBy: true });
  });

  describe('after a change', () => {
    it('reads the new state at once (never cached)', async () => {
      await follow(me.token, fan.user._id);
      const followers = await server.request('GET', `/api/users/${me.user.username}/followers`, {
        token: me.token,
      });
      expect(viewerOf(followers.body.users, fan.user._id)).toEqual({ follows: true, followedBy: true });
    });
  });
});
