import { AccountExport, type User } from '@sync/contract';
import { Ajv } from 'ajv';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../platform/http/errors.js';
import { counterMismatches } from '../../test/counters.js';
import { expectError, rowCounts, snapshot, tables, uniqueName } from '../../test/expectations.js';
import { describeEachDatabase, startServer, testSecret, type TestServer } from '../../test/harness.js';
import { exportPageSize } from '../../use-cases/shared/export-pages.js';

type Account = { token: string; user: User };
const wrongPasswordText = 'The current password is not correct.';
const checkExport = new Ajv({ strict: false }).compile(AccountExport);

describeEachDatabase('account', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const post = async (author: Account, content = 'an account test post') => {
    const reply = await server.request('POST', '/api/posts?return=post', {
      token: author.token,
      body: { postData: { content } },
    });
    expect(reply.status).toBe(201);
    return reply.body.post._id as string;
  };
  const comment = async (author: Account, postId: string, text = 'a comment') => {
    const reply = await server.request('POST', `/api/comments/add/${postId}?return=post`, {
      token: author.token,
      body: { commentData: { text } },
    });
    expect(reply.status).toBe(201);
    return reply.body.comment!._id as string;
  };
  const act = async (who: Account, path: string) => {
    const reply = await server.request('POST', `/api${path}?return=minimal`, { token: who.token });
    expect({ path, status: reply.status }).toEqual({ path, status: path.startsWith('/users') ? 200 : 201 });
  };
  const credentials = async (userId: string) =>
    db()
      .selectFrom('accounts')
      .innerJoin('users', 'users.account_id', 'accounts.id')
      .select(['password_hash', 'token_version'])
      .where('id', '=', userId)
      .executeTakeFirst();
  const viewerOnFeed = async (token: string, postId: string) => {
    const reply = await server.request('GET', '/api/posts?limit=100', { token });
    expect(reply.status).toBe(200);
    return reply.body.posts.find((item) => item._id === postId)!.viewer;
  };

  /**
   * A user who did one of everything, and others doing the same around them: posts (one liked and
   * commented by others, one liked and commented by themself), comments on others' posts (two on one
   * post), a like, a dislike, an up and a down vote, two bookmarks, two follows each way.
   */
  const busyUser = async () => {
    // An address is one account's (decision 100): each busy user has their own.
    const username = uniqueName('busy');
    const me = await server.signup(username, { email: `${username}@example.com` });
    const [ann, ben, cat] = await Promise.all([
      server.signup(uniqueName('ann')),
      server.signup(uniqueName('ben')),
      server.signup(uniqueName('cat')),
    ]);
    const mine = [await post(me, 'my first'), await post(me, 'my second')];
    const annPost = await post(ann, 'ann writes');
    const benPost = await post(ben, 'ben writes');
    const annComment = await comment(ann, annPost, 'ann on her own post');
    const benComment = await comment(ben, mine[0]!, 'ben on my post');
    await comment(me, mine[1]!, 'me on my own post');
    await comment(me, annPost, 'me on ann, once');
    await comment(me, annPost, 'me on ann, twice');
    await comment(me, benPost, 'me on ben');
    await act(me, `/posts/like/${annPost}`);
    await act(me, `/posts/like/${mine[1]}`);
    await act(ben, `/posts/like/${annPost}`);
    await act(cat, `/posts/like/${benPost}`);
    await act(me, `/posts/dislike/${benPost}`);
    await act(ann, `/posts/like/${mine[0]}`);
    await act(me, `/comments/upvote/${annPost}/${annComment}`);
    await act(me, `/comments/downvote/${mine[0]}/${benComment}`);
    await act(ann, `/comments/upvote/${annPost}/${annComment}`);
    await act(cat, `/comments/upvote/${mine[0]}/${benComment}`);
    await act(me, `/users/bookmark/${annPost}`);
    await act(me, `/users/bookmark/${mine[0]}`);
    await act(ann, `/users/bookmark/${mine[0]}`);
    await act(ben, `/users/bookmark/${annPost}`);
    // Reposts (docs/decisions/092): one of theirs, one of their post by someone else.
    for (const [who, postId] of [
      [me, annPost],
      [ann, mine[0]!],
    ] as const)
      expect((await server.request('POST', `/api/posts/${postId}/repost`, { token: who.token })).status).toBe(
        200,
      );
    await act(me, `/users/follow/${ann.user._id}`);
    await act(me, `/users/follow/${ben.user._id}`);
    await act(ben, `/users/follow/${me.user._id}`);
    await act(cat, `/users/follow/${me.user._id}`);
    await act(ann, `/users/follow/${cat.user._id}`);
    return { me, ann, ben, cat, mine, annPost, benPost };
  };

  describe('POST /api/account/password', () => {
    it('answers a new token; every older token stops working, the new one and the new password work', async () => {
      const alice = await server.signup(uniqueName('alice'));
      const otherSession = await server.login(alice.user.username, 'password123');
      const likedPost = await post(await server.signup(uniqueName('author')));
      await act(alice, `/posts/like/${likedPost}`);
      expect(await viewerOnFeed(alice.token, likedPost)).toMatchObject({ liked: true });

      const reply = await server.request('POST', '/api/account/password', {
        token: alice.token,
        body: { currentPassword: 'password123', newPassword: 'a-new-password' },
      });
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body)).toEqual(['encodedToken']);
      const fresh: string = reply.body.encodedToken;

      for (const old of [alice.token, otherSession]) {
        expectError(
          await server.request('GET', '/api/users/bookmark', { token: old }),
          401,
          Messages.invalidToken,
        );
        expectError(
          await server.request('POST', `/api/users/bookmark/${likedPost}`, { token: old }),
          401,
          Messages.invalidToken,
        );
        // A public read still answers, as for a visitor: no viewer state.
        expect(await viewerOnFeed(old, likedPost)).toEqual({
          liked: false,
          disliked: false,
          bookmarked: false,
        });
      }
      expect((await server.request('GET', '/api/users/bookmark', { token: fresh })).status).toBe(200);
      expect(await viewerOnFeed(fresh, likedPost)).toMatchObject({ liked: true });

      const oldLogin = await server.request('POST', '/api/auth/login', {
        body: { username: alice.user.username, password: 'password123' },
      });
      expectError(oldLogin, 401, Messages.wrongPassword);
      const newLogin = await server.login(alice.user.username, 'a-new-password');
      expect((await server.request('GET', '/api/users/bookmark', { token: newLogin })).status).toBe(200);
    });

    it('refuses a wrong current password with 400 (not 401) and changes nothing', async () => {
      const bob = await server.signup(uniqueName('bob'));
      const before = await credentials(bob.user._id);
      const reply = await server.request('POST', '/api/account/password', {
        token: bob.token,
        body: { currentPassword: 'not-my-password', newPassword: 'a-new-password' },
      });
      expectError(reply, 400, wrongPasswordText);
      expect(await credentials(bob.user._id)).toEqual(before);
      expect((await server.request('GET', '/api/users/bookmark', { token: bob.token })).status).toBe(200);
      await server.login(bob.user.username, 'password123');
    });

    it.each([
      ['short', 'Password must be at least 8 characters long.'],
      ['p'.repeat(257), 'Password must be at most 256 characters long.'],
    ])('checks the new password with the sign-up rules (%#)', async (newPassword, message) => {
      const carl = await server.signup(uniqueName('carl'));
      const before = await credentials(carl.user._id);
      const reply = await server.request('POST', '/api/account/password', {
        token: carl.token,
        body: { currentPassword: 'password123', newPassword },
      });
      expectError(reply, 400, message);
      expect(await credentials(carl.user._id)).toEqual(before);
    });

    it('a token from before token versions (no claim) counts as version 0: valid until the first change', async () => {
      const dora = await server.signup(uniqueName('dora'));
      const legacy = await new SignJWT({ _id: dora.user._id, username: dora.user.username })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(testSecret));
      expect((await server.request('GET', '/api/users/bookmark', { token: legacy })).status).toBe(200);
      const reply = await server.request('POST', '/api/account/password', {
        token: legacy,
        body: { currentPassword: 'password123', newPassword: 'a-new-password' },
      });
      expect(reply.status).toBe(200);
      expectError(
        await server.request('GET', '/api/users/bookmark', { token: legacy }),
        401,
        Messages.invalidToken,
      );
    });

    it('of two changes racing with the same current password, exactly one wins', async () => {
      const erin = await server.signup(uniqueName('erin'));
      const replies = await Promise.all(
        ['first-new-password', 'second-new-password'].map((newPassword) =>
          server.request('POST', '/api/account/password', {
            token: erin.token,
            body: { currentPassword: 'password123', newPassword },
          }),
        ),
      );
      const statuses = replies.map((reply) => reply.status).sort();
      expect(statuses).toEqual([200, 400]);
      const winner = replies.find((reply) => reply.status === 200)!;
      expect(
        (await server.request('GET', '/api/users/bookmark', { token: winner.body.encodedToken })).status,
      ).toBe(200);
      expect((await credentials(erin.user._id))!.token_version).toBe(1);
    });
  });

  describe('GET /api/account/export', () => {
    it('is a download of everything the user did, complete and only theirs', async () => {
      const scene = await busyUser();
      const reply = await server.request('GET', '/api/account/export', { token: scene.me.token });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
      const today = new Date().toISOString().slice(0, 10);
      expect(reply.headers.get('content-disposition')).toBe(
        `attachment; filename="sync-${scene.me.user.username}-${today}.json"`,
      );
      const data = reply.body;
      expect(checkExport(data)).toBe(true);
      expect(Object.keys(data)).toEqual([
        'exportedAt',
        'profile',
        'posts',
        'comments',
        'reactions',
        'commentVotes',
        'bookmarks',
        'reposts',
        'following',
        'followers',
        // Additive (issue 44 item 11).
        'blocks',
        'mutes',
        'filters',
        'editHistory',
        'media',
      ]);
      expect(data.profile).toMatchObject({
        _id: scene.me.user._id,
        username: scene.me.user.username,
        email: `${scene.me.user.username}@example.com`,
      });
      expect(data.posts.map((item) => item._id)).toEqual(scene.mine);
      expect(data.posts[0]).toMatchObject({ content: 'my first', likeCount: 1, commentCount: 1 });
      expect(data.comments.map((item) => item.text)).toEqual([
        'me on my own post',
        'me on ann, once',
        'me on ann, twice',
        'me on ben',
      ]);
      const byPost = (rows: { postId?: string; kind?: string }[]) =>
        rows.map((row) => `${row.postId}:${row.kind ?? ''}`).sort();
      expect(byPost(data.reactions)).toEqual(
        byPost([
          { postId: scene.annPost, kind: 'like' },
          { postId: scene.mine[1], kind: 'like' },
          { postId: scene.benPost, kind: 'dislike' },
        ]),
      );
      expect(data.commentVotes.map((vote) => vote.kind).sort()).toEqual(['down', 'up']);
      expect(byPost(data.bookmarks)).toEqual(byPost([{ postId: scene.annPost }, { postId: scene.mine[0] }]));
      expect(byPost(data.reposts!)).toEqual(byPost([{ postId: scene.annPost }]));
      expect(data.following.map((user) => user.username)).toEqual([
        scene.ann.user.username,
        scene.ben.user.username,
      ]);
      expect(data.followers.map((user) => user.username)).toEqual([
        scene.ben.user.username,
        scene.cat.user.username,
      ]);
      const text = JSON.stringify(data);
      expect(text).not.toContain('ann writes');
      expect(text).not.toContain('$argon2');
    });

    it('streams lists longer than a page whole, each row once', async () => {
      const fan = await server.signup(uniqueName('fan'));
      const author = await server.signup(uniqueName('prolific'));
      const count = exportPageSize * 2 + 7;
      const now = new Date().toISOString();
      const ids = Array.from(
        { length: count },
        (_, index) => `00000000-0000-7000-8000-${String(index).padStart(12, '0')}`,
      );
      for (let start = 0; start < count; start += 400) {
        const chunk = ids.slice(start, start + 400);
        await db()
          .insertInto('posts')
          .values(
            chunk.map((id) => ({
              id,
              author_id: author.user._id,
              like_count: 1,
              content: 'bulk',
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
        await db()
          .insertInto('post_reactions')
          .values(
            chunk.map((id) => ({
              post_id: id,
              user_id: fan.user._id,
              kind: 'like' as const,
              created_at: now,
            })),
          )
          .execute();
        await db()
          .insertInto('bookmarks')
          .values(chunk.map((id) => ({ post_id: id, user_id: fan.user._id, created_at: now })))
          .execute();
      }
      const reply = await server.request('GET', '/api/account/export', { token: fan.token });
      expect(reply.status).toBe(200);
      expect(reply.body.reactions.map((row) => row.postId)).toEqual(ids);
      expect(reply.body.bookmarks.map((row) => row.postId)).toEqual(ids);
    });

    it('needs a current token', async () => {
      expectError(await server.request('GET', '/api/account/export'), 401, Messages.missingToken);
    });
  });

  describe('POST /api/account/delete', () => {
    /** The rows that must go with a user: theirs, and those hanging under their posts and comments. */
    const rowsOf = async (userId: string): Promise<Record<string, number>> => {
      const count = async (query: {
        executeTakeFirstOrThrow(): Promise<{ count: string | number | bigint }>;
      }) => Number((await query.executeTakeFirstOrThrow()).count);
      const theirPosts = db().selectFrom('posts').select('id').where('author_id', '=', userId);
      const goneComments = db()
        .selectFrom('comments')
        .select('id')
        .where((eb) => eb.or([eb('author_id', '=', userId), eb('post_id', 'in', theirPosts)]));
      const underOrBy = (table: 'post_reactions' | 'bookmarks') =>
        db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('count'))
          .where((eb) => eb.or([eb('user_id', '=', userId), eb('post_id', 'in', theirPosts)]));
      return {
        accounts: await count(
          db()
            .selectFrom('accounts')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('id', '=', userId),
        ),
        users: await count(
          db()
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('account_id', '=', userId),
        ),
        posts: await count(
          db()
            .selectFrom('posts')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('author_id', '=', userId),
        ),
        post_reactions: await count(underOrBy('post_reactions')),
        comments: await count(
          db()
            .selectFrom('comments')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('id', 'in', goneComments),
        ),
        comment_votes: await count(
          db()
            .selectFrom('comment_votes')
            .select((eb) => eb.fn.countAll().as('count'))
            .where((eb) => eb.or([eb('user_id', '=', userId), eb('comment_id', 'in', goneComments)])),
        ),
        bookmarks: await count(underOrBy('bookmarks')),
        follows: await count(
          db()
            .selectFrom('follows')
            .select((eb) => eb.fn.countAll().as('count'))
            .where((eb) => eb.or([eb('follower_id', '=', userId), eb('followee_id', '=', userId)])),
        ),
      };
    };

    it('deletes a user who liked, commented, voted, bookmarked and followed: everything of theirs, every count exact', async () => {
      const scene = await busyUser();
      expect(await counterMismatches(db())).toEqual([]);
      const before = await rowCounts(db());
      const going = await rowsOf(scene.me.user._id);
      expect(going).toEqual({
        accounts: 1,
        users: 1,
        posts: 2,
        post_reactions: 4,
        comments: 5,
        comment_votes: 3,
        bookmarks: 3,
        follows: 4,
      });

      const reply = await server.request('POST', '/api/account/delete', {
        token: scene.me.token,
        body: { password: 'password123' },
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ deleted: true });

      const after = await rowCounts(db());
      expect(after).toEqual(
        Object.fromEntries(tables.map((table) => [table, before[table]! - going[table]!])),
      );
      expect(await rowsOf(scene.me.user._id)).toEqual(Object.fromEntries(tables.map((table) => [table, 0])));
      expect(await counterMismatches(db())).toEqual([]);
      const annPost = (await server.request('GET', `/api/posts/${scene.annPost}`)).body.post;
      expect(annPost.likes.likeCount).toBe(1);
      expect(annPost.commentCount).toBe(1);

      expectError(
        await server.request('GET', '/api/users/bookmark', { token: scene.me.token }),
        404,
        Messages.userNotRegistered,
      );
      const again = await server.request('POST', '/api/auth/signup', {
        body: {
          username: scene.me.user.username,
          password: 'password123',
          firstName: 'New',
          lastName: 'Person',
        },
      });
      expect(again.status).toBe(201);
      expect(again.body.createdUser).toMatchObject({ followers: [], following: [], bookmarks: [] });
    });

    it('refuses a wrong password with 400 and changes nothing', async () => {
      const scene = await busyUser();
      const before = await snapshot(db());
      const reply = await server.request('POST', '/api/account/delete', {
        token: scene.me.token,
        body: { password: 'not-my-password' },
      });
      expectError(reply, 400, wrongPasswordText);
      expect(await snapshot(db())).toEqual(before);
      expect((await server.request('GET', '/api/users/bookmark', { token: scene.me.token })).status).toBe(
        200,
      );
    });

    it('keeps every count exact while others like, comment and bookmark around the deletion', async () => {
      const scene = await busyUser();
      const crowd = await Promise.all([1, 2, 3].map(() => server.signup(uniqueName('crowd'))));
      const actions = crowd.flatMap((who) => [
        ...scene.mine.map((postId) => ['POST', `/api/posts/like/${postId}?return=minimal`, who] as const),
        ['POST', `/api/posts/like/${scene.annPost}?return=minimal`, who] as const,
        ['POST', `/api/users/bookmark/${scene.mine[1]}?return=minimal`, who] as const,
      ]);
      const [deletion, ...others] = await Promise.all([
        server.request('POST', '/api/account/delete', {
          token: scene.me.token,
          body: { password: 'password123' },
        }),
        ...actions.map(([method, path, who]) => server.request(method, path, { token: who.token })),
        ...crowd.map((who) =>
          server.request('POST', `/api/comments/add/${scene.benPost}?return=minimal`, {
            token: who.token,
            body: { commentData: { text: 'meanwhile' } },
          }),
        ),
      ]);
      expect(deletion.status).toBe(200);
      for (const reply of others) expect([200, 201, 404]).toContain(reply.status);
      expect(await counterMismatches(db())).toEqual([]);
      expect(await rowsOf(scene.me.user._id)).toEqual(Object.fromEntries(tables.map((table) => [table, 0])));
    });
  });
});
