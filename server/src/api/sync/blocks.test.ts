import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../platform/http/errors.js';
import { expectError } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { newPerson, succeed, type Person } from '../../test/people.js';
import { notificationActors } from '../../test/notification-actors.js';

describeEachDatabase('blocks', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  const relationship = async (viewer: Person, other: Person) =>
    (await succeed(server, 'GET', `/api/users/${other.username}/relationship`, viewer)).relationship;
  const block = (blocker: Person, blocked: Person) =>
    server.request('POST', `/api/users/${blocked.username}/block`, { token: blocker.token });
  const unblock = (blocker: Person, blocked: Person) =>
    server.request('DELETE', `/api/users/${blocked.username}/block`, { token: blocker.token });
  const blockRows = async (blocker: Person, blocked: Person) =>
    (
      await server.database.db
        .selectFrom('blocks')
        .selectAll()
        .where('blocker_id', '=', blocker.id)
        .where('blocked_id', '=', blocked.id)
        .execute()
    ).length;
  /** The counts as the API answers them (a profile), and as the rows count them. */
  const counts = async (person: Person) => {
    const { user } = await succeed(server, 'GET', `/api/users/${person.username}`);
    const followers = await server.database.db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('followee_id', '=', person.id)
      .executeTakeFirstOrThrow();
    const following = await server.database.db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('follower_id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect({ followers: Number(followers.count), following: Number(following.count) }).toEqual({
      followers: user.followerCount,
      following: user.followingCount,
    });
    return { followers: user.followerCount, following: user.followingCount };
  };
  /** Who the person's "followed you" notification names. */
  const followNotifiers = (person: Person) => notificationActors(server.database.db, person.id, 'follow');
  const follow = (follower: Person, followee: Person) =>
    succeed(server, 'POST', `/api/users/follow/${followee.id}`, follower);

  describe('GET /api/users/:username/relationship', () => {
    it('answers how the two stand: follows both ways, a block either way, a mute', async () => {
      const me = await newPerson(server, 'rel');
      const other = await newPerson(server, 'relother');
      expect(await relationship(me, other)).toEqual({
        username: other.username,
        following: false,
        followedBy: false,
        blocking: false,
        blockedBy: false,
        muting: false,
        mutingNotifications: false,
        muteExpiresAt: null,
        showingReposts: true,
      });
      await follow(me, other);
      await follow(other, me);
      expect(await relationship(me, other)).toMatchObject({ following: true, followedBy: true });
    });

    it('unknown person: 404 with the spec message; no token: 401', async () => {
      const me = await newPerson(server, 'rel404');
      expectError(
        await server.request('GET', '/api/users/nobody_here_at_all/relationship', { token: me.token }),
        404,
        Messages.userNotFound('nobody_here_at_all'),
      );
      expectError(
        await server.request('GET', `/api/users/${me.username}/relationship`),
        401,
        Messages.missingToken,
      );
    });
  });

  describe('POST|DELETE /api/users/:username/block', () => {
    it('blocks: the relationship on both sides says so; again changes nothing; DELETE unblocks, again too', async () => {
      const blocker = await newPerson(server, 'blocker');
      const blocked = await newPerson(server, 'blocked');
      const first = await block(blocker, blocked);
      expect(first.status).toBe(200);
      expect(first.body.relationship).toMatchObject({
        username: blocked.username,
        blocking: true,
        blockedBy: false,
      });
      expect(await relationship(blocked, blocker)).toMatchObject({ blocking: false, blockedBy: true });
      const again = await block(blocker, blocked);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await blockRows(blocker, blocked)).toBe(1);

      const lifted = await unblock(blocker, blocked);
      expect(lifted.status).toBe(200);
      expect(lifted.body.relationship).toMatchObject({ blocking: false, blockedBy: false });
      expect(await blockRows(blocker, blocked)).toBe(0);
      expect((await unblock(blocker, blocked)).body).toEqual(lifted.body);
    });

    it("takes effect at once for both: each one's posts leave the other's lists, and come back after unblocking", async () => {
      const blocker = await newPerson(server, 'feedblocker');
      const blocked = await newPerson(server, 'feedblocked');
      const write = async (author: Person) =>
        (await succeed(server, 'POST', '/api/posts?return=post', author, { postData: { content: 'Hello' } }))
          .post._id as string;
      const [byBlocker, byBlocked] = [await write(blocker), await write(blocked)];
      const sees = async (viewer: Person, id: string) =>
        (await succeed(server, 'GET', '/api/posts?limit=50', viewer)).posts.some((item) => item._id === id);
      // Read first, so both people's rules are kept: the block must tell every process to read them again.
      expect([await sees(blocker, byBlocked), await sees(blocked, byBlocker)]).toEqual([true, true]);
      await block(blocker, blocked);
      expect([await sees(blocker, byBlocked), await sees(blocked, byBlocker)]).toEqual([false, false]);
      await unblock(blocker, blocked);
      expect([await sees(blocker, byBlocked), await sees(blocked, byBlocker)]).toEqual([true, true]);
    });

    it('each may block the other: both blocks stand, and each relationship shows both', async () => {
      const one = await newPerson(server, 'mutual');
      const two = await newPerson(server, 'mutual');
      await block(one, two);
      await block(two, one);
      expect(await relationship(one, two)).toMatchObject({ blocking: true, blockedBy: true });
      await unblock(one, two);
      expect(await relationship(one, two)).toMatchObject({ blocking: false, blockedBy: true });
    });

    it('blocking oneself: 422; an unknown person: 404 with the spec message; nothing written', async () => {
      const me = await newPerson(server, 'selfblock');
      for (const method of ['POST', 'DELETE']) {
        expectError(
          await server.request(method, `/api/users/${me.username}/block`, { token: me.token }),
          422,
          'You cannot block or unblock yourself.',
        );
        expectError(
          await server.request(method, '/api/users/no_such_person_x/block', { token: me.token }),
          404,
          Messages.userNotFound('no_such_person_x'),
        );
      }
      const rows = await server.database.db
        .selectFrom('blocks')
        .selectAll()
        .where('blocker_id', '=', me.id)
        .execute();
      expect(rows).toEqual([]);
    });

    it('removes the follows both ways with exact counts, and unblocking restores none', async () => {
      const blocker = await newPerson(server, 'cutter');
      const blocked = await newPerson(server, 'cut');
      const bystander = await newPerson(server, 'bystander');
      await follow(blocker, blocked);
      await follow(blocked, blocker);
      await follow(bystander, blocker);
      await follow(bystander, blocked);
      await follow(blocked, bystander);
      expect(await counts(blocker)).toEqual({ followers: 2, following: 1 });
      expect(await counts(blocked)).toEqual({ followers: 2, following: 2 });

      const reply = await block(blocker, blocked);
      expect(reply.body.relationship).toMatchObject({ following: false, followedBy: false, blocking: true });
      expect(await counts(blocker)).toEqual({ followers: 1, following: 0 });
      expect(await counts(blocked)).toEqual({ followers: 1, following: 1 });
      expect(await counts(bystander)).toEqual({ followers: 1, following: 2 });
      // Each "followed you" went with its follow, as an unfollow takes it back; the bystander's stays.
      expect(await followNotifiers(blocker)).toEqual([bystander.id]);
      expect(await followNotifiers(blocked)).toEqual([bystander.id]);

      await unblock(blocker, blocked);
      expect(await relationship(blocker, blocked)).toMatchObject({ following: false, followedBy: false });
      expect(await counts(blocker)).toEqual({ followers: 1, following: 0 });
      expect(await counts(blocked)).toEqual({ followers: 1, following: 1 });
    });

    it('30 block requests at once: one block, each follow removed once, every answer the same', async () => {
      const blocker = await newPerson(server, 'racer');
      const blocked = await newPerson(server, 'raced');
      await follow(blocker, blocked);
      await follow(blocked, blocker);
      const replies = await Promise.all(Array.from({ length: 30 }, () => block(blocker, blocked)));
      expect(replies.map((reply) => reply.status)).toEqual(Array(30).fill(200));
      expect(new Set(replies.map((reply) => JSON.stringify(reply.body))).size).toBe(1);
      expect(await blockRows(blocker, blocked)).toBe(1);
      expect(await counts(blocker)).toEqual({ followers: 0, following: 0 });
      expect(await counts(blocked)).toEqual({ followers: 0, following: 0 });
    });
  });

  describe('GET /api/blocks', () => {
    it('lists the people blocked, the latest first, a page at a time', async () => {
      const me = await newPerson(server, 'lister');
      const people = [
        await newPerson(server, 'listed'),
        await newPerson(server, 'listed'),
        await newPerson(server, 'listed'),
      ];
      for (const person of people) {
        await block(me, person);
        server.clock.advance(1000);
      }
      const first = await succeed(server, 'GET', '/api/blocks?limit=2', me);
      expect(first.users.map((user) => user.username)).toEqual([people[2]!.username, people[1]!.username]);
      expect(Object.keys(first.users[0]!).sort()).toEqual(
        ['_id', 'avatarURL', 'blockedAt', 'firstName', 'lastName', 'username'].sort(),
      );
      expect(Date.parse(first.users[0]!.blockedAt)).toBeGreaterThan(Date.parse(first.users[1]!.blockedAt));
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await succeed(server, 'GET', `/api/blocks?limit=2&cursor=${first.nextCursor}`, me);
      expect(second.users.map((user) => user.username)).toEqual([people[0]!.username]);
      expect(second.nextCursor).toBeNull();
      // Without limit or cursor: the first page of the default size.
      expect((await succeed(server, 'GET', '/api/blocks', me)).users).toHaveLength(3);

      await unblock(me, people[1]!);
      const after = await succeed(server, 'GET', '/api/blocks', me);
      expect(after.users.map((user) => user.username)).toEqual([people[2]!.username, people[0]!.username]);
    });

    it("another list's cursor, or another person's: 400, as any cursor that is not this list's", async () => {
      const me = await newPerson(server, 'cursors');
      const other = await newPerson(server, 'cursors');
      for (const person of [me, other]) {
        await block(person, await newPerson(server, 'c'));
        await block(person, await newPerson(server, 'c'));
      }
      const othersCursor = (await succeed(server, 'GET', '/api/blocks?limit=1', other)).nextCursor;
      expect(
        (await server.request('GET', `/api/blocks?cursor=${othersCursor}`, { token: me.token })).status,
      ).toBe(400);
      expectError(await server.request('GET', '/api/blocks'), 401, Messages.missingToken);
    });
  });

  describe("the blocked person's comments under the blocker's posts", () => {
    it('are hidden for everyone reading the post (its page, the feed, its comments) and come back after unblock', async () => {
      const author = await newPerson(server, 'hauthor');
      const pest = await newPerson(server, 'pest');
      const friend = await newPerson(server, 'friend');
      const reader = await newPerson(server, 'reader');
      const { post } = await succeed(server, 'POST', '/api/posts?return=post', author, {
        postData: { content: 'A post its author will guard' },
      });
      const comment = (who: Person, text: string) =>
        succeed(server, 'POST', `/api/comments/add/${post._id}?return=post`, who, { commentData: { text } });
      await comment(friend, 'Lovely');
      await comment(pest, 'Rude');
      await comment(friend, 'Ignore that');
      /** The comments' texts as each read shows them, for the reader (signed in) and signed out. */
      const shown = async () => {
        const reads = [];
        for (const token of [reader.token, undefined]) {
          const whole = await server.request('GET', `/api/posts/${post._id}`, { token });
          const feed = await server.request('GET', '/api/posts?limit=50', { token });
          const page = await server.request('GET', `/api/comments/${post._id}?limit=20`, { token });
          const inFeed = feed.body.posts.find((item) => item._id === post._id)!;
          reads.push(
            {
              read: 'post',
              texts: whole.body.post.comments.map((item) => item.text),
              count: whole.body.post.commentCount,
            },
            {
              read: 'feed',
              texts: inFeed.comments.map((item) => item.text),
              count: inFeed.commentCount,
            },
            { read: 'comments', texts: page.body.comments.map((item) => item.text), count: 3 },
          );
        }
        return reads;
      };
      const all = ['Lovely', 'Rude', 'Ignore that'];
      const everything = (texts: string[]) =>
        ['post', 'feed', 'comments', 'post', 'feed', 'comments'].map((read) => ({ read, texts, count: 3 }));
      // Read first, so the hydrated post is cached: the block must move its version.
      expect(await shown()).toEqual(everything(all));

      await block(author, pest);
      // Comment counts stay as stored.
      expect(await shown()).toEqual(everything(['Lovely', 'Ignore that']));

      await unblock(author, pest);
      expect(await shown()).toEqual(everything(all));
    });

    it("the blocker's comments under the blocked person's posts stay, as do the blocked person's elsewhere", async () => {
      const blocker = await newPerson(server, 'keeper');
      const blocked = await newPerson(server, 'kept');
      const third = await newPerson(server, 'third');
      const post = async (who: Person) =>
        (await succeed(server, 'POST', '/api/posts?return=post', who, { postData: { content: 'Hello' } }))
          .post._id;
      const onBlocked = await post(blocked);
      const onThird = await post(third);
      await succeed(server, 'POST', `/api/comments/add/${onBlocked}`, blocker, {
        commentData: { text: 'From the blocker' },
      });
      await succeed(server, 'POST', `/api/comments/add/${onThird}`, blocked, {
        commentData: { text: 'From the blocked' },
      });
      await block(blocker, blocked);
      const texts = async (id: string) =>
        (await succeed(server, 'GET', `/api/posts/${id}`)).post.comments.map((item) => item.text);
      expect(await texts(onBlocked)).toEqual(['From the blocker']);
      expect(await texts(onThird)).toEqual(['From the blocked']);
    });
  });
});
