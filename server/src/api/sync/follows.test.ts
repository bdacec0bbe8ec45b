import { afterAll, beforeAll, expect, it } from 'vitest';
import { Messages } from '../../platform/http/errors.js';
import {
  expectError,
  expectListedUser,
  expectNoSecrets,
  expectUser,
  uniqueName,
} from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';

describeEachDatabase('follows', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  const counts = async (id: string) => {
    const row = await server.database.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.account_id', 'accounts.id')
      .select(['follower_count', 'following_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { followers: row.follower_count, following: row.following_count };
  };
  const followRows = async (followerId: string, followeeId: string) =>
    (
      await server.database.db
        .selectFrom('follows')
        .selectAll()
        .where('follower_id', '=', followerId)
        .where('followee_id', '=', followeeId)
        .execute()
    ).length;

  it("POST /users/follow/:userId: 200 {users, currentUser}; follower's following and target's followers gain each other", async () => {
    const me = await server.signup(uniqueName('follower'));
    const target = await server.signup(uniqueName('target'));
    const reply = await server.request('POST', `/api/users/follow/${target.user._id}`, { token: me.token });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['currentUser', 'users']);
    expectUser(reply.body.currentUser);
    reply.body.users.forEach(expectListedUser);
    expectNoSecrets(reply.body);
    expect(reply.body.currentUser._id).toBe(me.user._id);
    expect(reply.body.currentUser.following).toEqual([
      {
        _id: target.user._id,
        username: target.user.username,
        firstName: 'Test',
        lastName: 'User',
        avatarURL: '',
      },
    ]);
    expect(reply.body.currentUser.followingCount).toBe(1);
    const targetUser = reply.body.users.find((user) => user._id === target.user._id)!;
    expect(targetUser.followers.map((u) => u._id)).toEqual([me.user._id]);
    expect(targetUser.followerCount).toBe(1);
    expect(reply.body.users.find((user) => user._id === me.user._id)).toEqual(reply.body.currentUser);
    expect(await counts(me.user._id)).toEqual({ followers: 0, following: 1 });
    expect(await counts(target.user._id)).toEqual({ followers: 1, following: 0 });
    expect(await followRows(me.user._id, target.user._id)).toBe(1);
  });

  it("refuses a second follow: 400 'User Already following', counts unchanged", async () => {
    const me = await server.signup(uniqueName('again'));
    const target = await server.signup(uniqueName('popular'));
    await server.request('POST', `/api/users/follow/${target.user._id}`, { token: me.token });
    const again = await server.request('POST', `/api/users/follow/${target.user._id}`, { token: me.token });
    expectError(again, 400, 'User Already following');
    expect(Messages.alreadyFollowing).toBe('User Already following');
    expect(await counts(target.user._id)).toEqual({ followers: 1, following: 0 });
    expect(await counts(me.user._id)).toEqual({ followers: 0, following: 1 });
  });

  it('POST /users/unfollow/:userId: 200 {users, currentUser, followUser}; both sides lose each other', async () => {
    const me = await server.signup(uniqueName('unfollower'));
    const target = await server.signup(uniqueName('left'));
    await server.request('POST', `/api/users/follow/${target.user._id}`, { token: me.token });
    const reply = await server.request('POST', `/api/users/unfollow/${target.user._id}`, { token: me.token });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['currentUser', 'followUser', 'users']);
    expectUser(reply.body.currentUser);
    expectUser(reply.body.followUser!);
    expectNoSecrets(reply.body);
    expect(reply.body.currentUser).toMatchObject({ _id: me.user._id, following: [], followingCount: 0 });
    expect(reply.body.followUser).toMatchObject({ _id: target.user._id, followers: [], followerCount: 0 });
    expect(await counts(me.user._id)).toEqual({ followers: 0, following: 0 });
    expect(await counts(target.user._id)).toEqual({ followers: 0, following: 0 });
    expect(await followRows(me.user._id, target.user._id)).toBe(0);

    const again = await server.request('POST', `/api/users/unfollow/${target.user._id}`, { token: me.token });
    expectError(again, 400, 'User already not following');
    expect(Messages.notFollowing).toBe('User already not following');
    expect(await counts(target.user._id)).toEqual({ followers: 0, following: 0 });
  });

  it('following yourself: 400, nothing stored', async () => {
    const me = await server.signup(uniqueName('narcissus'));
    expectError(
      await server.request('POST', `/api/users/follow/${me.user._id}`, { token: me.token }),
      400,
      Messages.followSelf,
    );
    expectError(await server.request('POST', `/api/users/unfollow/${me.user._id}`, { token: me.token }), 400);
    expect(await followRows(me.user._id, me.user._id)).toBe(0);
    expect(await counts(me.user._id)).toEqual({ followers: 0, following: 0 });
  });

  it('unknown or malformed user ids: 404 with a clear message', async () => {
    const me = await server.signup(uniqueName('lonely'));
    for (const id of ['00000000-0000-7000-8000-000000000000', 'guest', "' OR 1=1 --"]) {
      for (const action of ['follow', 'unfollow']) {
        expectError(
          await server.request('POST', `/api/users/${action}/${encodeURIComponent(id)}`, { token: me.token }),
          404,
          Messages.userNotFound(id),
        );
      }
    }
    expect(await counts(me.user._id)).toEqual({ followers: 0, following: 0 });
  });

  it('mutual follows and many followers keep the counts equal to the lists', async () => {
    const people = await Promise.all([1, 2, 3, 4].map((n) => server.signup(uniqueName(`crowd${n}`))));
    const [star, ...fans] = people as [(typeof people)[0], ...typeof people];
    for (const fan of fans) {
      expect(
        (await server.request('POST', `/api/users/follow/${star.user._id}`, { token: fan.token })).status,
      ).toBe(200);
    }
    const back = await server.request('POST', `/api/users/follow/${fans[0]!.user._id}`, {
      token: star.token,
    });
    expect(back.status).toBe(200);
    expect(back.body.currentUser.followerCount).toBe(3);
    expect(back.body.currentUser.followers.map((u) => u._id).sort()).toEqual(
      fans.map((fan) => fan.user._id).sort(),
    );
    expect(back.body.currentUser.followingCount).toBe(1);
    await server.request('POST', `/api/users/unfollow/${star.user._id}`, { token: fans[1]!.token });
    const star2 = (await server.request('GET', `/api/users/${star.user.username}`)).body.user;
    expectUser(star2);
    expect(star2.followerCount).toBe(2);
    const all = (await server.request('GET', '/api/users')).body.users;
    all.forEach(expectListedUser);
  });

  it('?return=minimal answers {followUserId, following, followerCount, followingCount}', async () => {
    const me = await server.signup(uniqueName('mini'));
    const target = await server.signup(uniqueName('minitarget'));
    const follow = await server.request('POST', `/api/users/follow/${target.user._id}?return=minimal`, {
      token: me.token,
    });
    expect(follow.status).toBe(200);
    expect(follow.body).toEqual({
      followUserId: target.user._id,
      following: true,
      followerCount: 1,
      followingCount: 1,
    });
    const unfollow = await server.request('POST', `/api/users/unfollow/${target.user._id}?return=minimal`, {
      token: me.token,
    });
    expect(unfollow.status).toBe(200);
    expect(unfollow.body).toEqual({
      followUserId: target.user._id,
      following: false,
      followerCount: 0,
      followingCount: 0,
    });
  });

  it('GET /users/:username/followers and /following: 200 {users, nextCursor}, most recent first', async () => {
    const star = await server.signup(uniqueName('listed'));
    const fans = [];
    for (const n of [1, 2, 3]) {
      const fan = await server.signup(uniqueName(`lf${n}`));
      await server.request('POST', `/api/users/follow/${star.user._id}`, { token: fan.token });
      server.clock.advance(1000);
      fans.push(fan);
    }
    const followers = await server.request('GET', `/api/users/${star.user.username}/followers`);
    expect(followers.status).toBe(200);
    expect(Object.keys(followers.body).sort()).toEqual(['nextCursor', 'users']);
    expect(followers.body.users.map((u) => u._id)).toEqual(fans.map((fan) => fan.user._id).reverse());
    expect(followers.body.nextCursor).toBeNull();
    const following = await server.request('GET', `/api/users/${fans[0]!.user.username}/following`);
    expect(following.body.users.map((u) => u._id)).toEqual([star.user._id]);
    expectError(await server.request('GET', '/api/users/nobody.at.all/followers'), 404);
  });
  it('concurrent follows: the same follow sent many times at once is stored once; mutual follows do not deadlock', async () => {
    const me = await server.signup(uniqueName('eager'));
    const target = await server.signup(uniqueName('eagertarget'));
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        server.request('POST', `/api/users/follow/${target.user._id}?return=minimal`, { token: me.token }),
      ),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    for (const reply of replies.filter((r) => r.status !== 200))
      expectError(reply, 400, Messages.alreadyFollowing);
    expect(await counts(target.user._id)).toEqual({ followers: 1, following: 0 });
    expect(await counts(me.user._id)).toEqual({ followers: 0, following: 1 });

    const pairs = await Promise.all([1, 2, 3, 4].map((n) => server.signup(uniqueName(`mutual${n}`))));
    const mutual = await Promise.all(
      pairs.flatMap((a) =>
        pairs
          .filter((b) => b !== a)
          .map((b) =>
            server.request('POST', `/api/users/follow/${b.user._id}?return=minimal`, { token: a.token }),
          ),
      ),
    );
    expect(mutual.map((reply) => reply.status)).toEqual(mutual.map(() => 200));
    for (const person of pairs) expect(await counts(person.user._id)).toEqual({ followers: 3, following: 3 });
  });
});
