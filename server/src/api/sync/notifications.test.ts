import type { Notification, NotificationsReply } from '@sync/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectComment, expectPost, expectSummary } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { newComment, newPerson, newPost, type Person, succeed } from '../../test/people.js';

describeEachDatabase('notifications', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { seed: false });
  });
  afterAll(() => server.close());

  const person = (prefix: string) => newPerson(server, prefix);
  const call = <Method extends string, Url extends string>(
    method: Method,
    path: Url,
    who: Person,
    body?: unknown,
  ) => succeed(server, method, path, who, body);
  const post = (author: Person, content?: string) => newPost(server, author, content);
  const comment = (author: Person, postId: string, text?: string) => newComment(server, author, postId, text);
  const notificationsOf = async (who: Person, query: `?${string}` | '' = '') =>
    (await call('GET', `/api/notifications${query}`, who)).notifications;
  const unread = async (who: Person) => (await call('GET', '/api/notifications/unread', who)).count as number;
  const actorNames = (notification: Notification) => notification.actors.map((actor) => actor.username);

  describe('who is notified', () => {
    it('a like of my post: one entry with the post, the liker, unread', async () => {
      const [author, fan] = [await person('author'), await person('fan')];
      const postId = await post(author, 'Liked post');
      await call('POST', `/api/posts/like/${postId}`, fan);
      const [like, ...rest] = await notificationsOf(author);
      expect(rest).toEqual([]);
      expect(Object.keys(like!).sort()).toEqual([
        '_id',
        'actorCount',
        'actors',
        'createdAt',
        'post',
        'read',
        'type',
      ]);
      expect(like).toMatchObject({ type: 'like', actorCount: 1, read: false });
      expect(actorNames(like!)).toEqual([fan.username]);
      like!.actors.forEach(expectSummary);
      expectPost(like!.post!, { preview: true });
      expect(like!.post!._id).toBe(postId);
      expect(await notificationsOf(fan)).toEqual([]);
    });

    it('a comment on my post, with the post and the comment; not the commenter', async () => {
      const [author, commenter] = [await person('author'), await person('commenter')];
      const postId = await post(author);
      const commentId = await comment(commenter, postId, 'Nice one');
      const [entry] = await notificationsOf(author);
      expect(entry).toMatchObject({ type: 'comment', actorCount: 1 });
      expect(entry!.post!._id).toBe(postId);
      expectComment(entry!.comment!);
      expect(entry!.comment).toMatchObject({ _id: commentId, text: 'Nice one' });
      expect(await notificationsOf(commenter)).toEqual([]);
    });

    it('a mention in a post and in a comment, of existing users only, matched in any case', async () => {
      const [writer, named, postAuthor] = [await person('writer'), await person('named'), await person('pa')];
      const postId = await post(writer, `Hello @${named.username.toUpperCase()} and @nobody_by_that_name`);
      const otherPost = await post(postAuthor, 'Somewhere else');
      const commentId = await comment(writer, otherPost, `cc @${named.username}`);
      const mentions = await notificationsOf(named);
      expect(mentions.map((entry) => entry.type)).toEqual(['mention', 'mention']);
      expect(mentions[0]!.post!._id).toBe(otherPost);
      expect(mentions[0]!.comment!._id).toBe(commentId);
      expect(mentions[1]!.post!._id).toBe(postId);
      expect(mentions[1]).not.toHaveProperty('comment');
      expect(actorNames(mentions[1]!)).toEqual([writer.username]);
    });

    it('a mention of the post author in a comment is told once, as the comment', async () => {
      const [author, commenter] = [await person('author'), await person('commenter')];
      const postId = await post(author);
      await comment(commenter, postId, `@${author.username} look`);
      expect((await notificationsOf(author)).map((entry) => entry.type)).toEqual(['comment']);
    });

    it('a new follower, and an upvote of my comment', async () => {
      const [me, follower, voter] = [await person('me'), await person('follower'), await person('voter')];
      await call('POST', `/api/users/follow/${me.id}`, follower);
      const postId = await post(voter);
      const commentId = await comment(me, postId);
      await call('POST', `/api/comments/upvote/${postId}/${commentId}`, voter);
      const [upvote, follow] = await notificationsOf(me);
      expect(upvote).toMatchObject({ type: 'upvote', actorCount: 1 });
      expect(upvote!.comment!._id).toBe(commentId);
      expect(upvote!.post!._id).toBe(postId);
      expect(follow).toMatchObject({ type: 'follow', actorCount: 1 });
      expect(follow).not.toHaveProperty('post');
      expect(actorNames(follow!)).toEqual([follower.username]);
    });

    it('never for my own actions', async () => {
      const me = await person('self');
      const postId = await post(me, `Note to @${me.username}`);
      await call('POST', `/api/posts/like/${postId}`, me);
      const commentId = await comment(me, postId, `again @${me.username}`);
      await call('POST', `/api/comments/upvote/${postId}/${commentId}`, me);
      expect(await notificationsOf(me)).toEqual([]);
      expect(await unread(me)).toBe(0);
    });
  });

  describe('grouping', () => {
    it('likes of one post: one entry, newest 3 actors first, the exact count; undo keeps it exact', async () => {
      const author = await person('popular');
      const postId = await post(author);
      const fans: Person[] = [];
      for (let i = 0; i < 5; i++) {
        const fan = await person(`fan${i}`);
        fans.push(fan);
        await call('POST', `/api/posts/like/${postId}`, fan);
      }
      let [entry] = await notificationsOf(author);
      expect(entry!.actorCount).toBe(5);
      expect(actorNames(entry!)).toEqual([fans[4]!.username, fans[3]!.username, fans[2]!.username]);

      // The newest liker dislikes (an unlike): the count and the time go back to the one before.
      const before = entry!.createdAt;
      await call('POST', `/api/posts/dislike/${postId}`, fans[4]!);
      [entry] = await notificationsOf(author);
      expect(entry!.actorCount).toBe(4);
      expect(actorNames(entry!)).toEqual([fans[3]!.username, fans[2]!.username, fans[1]!.username]);
      expect(entry!.createdAt < before).toBe(true);

      for (const fan of fans.slice(0, 4)) await call('POST', `/api/posts/dislike/${postId}`, fan);
      expect(await notificationsOf(author)).toEqual([]);
    });

    it('upvotes of one comment and new followers group the same way; a downvote and an unfollow undo', async () => {
      const me = await person('grouped');
      const postId = await post(me);
      const commentId = await comment(me, postId);
      const others = [await person('a'), await person('b')];
      for (const other of others) {
        await call('POST', `/api/comments/upvote/${postId}/${commentId}`, other);
        await call('POST', `/api/users/follow/${me.id}`, other);
      }
      let entries = await notificationsOf(me);
      expect(entries.map((entry) => [entry.type, entry.actorCount])).toEqual([
        ['follow', 2],
        ['upvote', 2],
      ]);
      await call('POST', `/api/comments/downvote/${postId}/${commentId}`, others[0]!);
      await call('POST', `/api/users/unfollow/${me.id}`, others[1]!);
      entries = await notificationsOf(me);
      expect(entries.map((entry) => [entry.type, entry.actorCount, actorNames(entry)])).toEqual([
        ['upvote', 1, [others[1]!.username]],
        ['follow', 1, [others[0]!.username]],
      ]);
      // A downvote that replaced nothing changes nothing.
      const third = await person('c');
      await call('POST', `/api/comments/downvote/${postId}/${commentId}`, third);
      expect((await notificationsOf(me)).length).toBe(2);
    });
  });

  describe('undoing the cause removes it', () => {
    it('a deleted comment, a deleted post', async () => {
      const [author, commenter] = [await person('author'), await person('commenter')];
      const postId = await post(author);
      const commentId = await comment(commenter, postId, `hi @${author.username}`);
      await call('POST', `/api/posts/like/${postId}`, commenter);
      await call('POST', `/api/comments/delete/${postId}/${commentId}`, commenter);
      expect((await notificationsOf(author)).map((entry) => entry.type)).toEqual(['like']);

      const mentioned = await person('mentioned');
      const other = await post(author, `for @${mentioned.username}`);
      expect((await notificationsOf(mentioned)).length).toBe(1);
      await call('DELETE', `/api/posts/${other}`, author);
      await call('DELETE', `/api/posts/${postId}`, author);
      expect(await notificationsOf(author)).toEqual([]);
      expect(await notificationsOf(mentioned)).toEqual([]);
    });

    it('a mention edited away, in a post and in a comment; a new one in the edit notifies', async () => {
      const [writer, first, second] = [await person('writer'), await person('first'), await person('second')];
      const postId = await post(writer, `Hi @${first.username}`);
      const commentId = await comment(writer, postId, `and @${first.username}`);
      expect((await notificationsOf(first)).length).toBe(2);
      await call('POST', `/api/posts/edit/${postId}`, writer, {
        postData: { content: `Hi @${second.username}` },
      });
      await call('POST', `/api/comments/edit/${postId}/${commentId}`, writer, {
        commentData: { text: 'and nobody' },
      });
      expect(await notificationsOf(first)).toEqual([]);
      expect((await notificationsOf(second)).map((entry) => entry.post!._id)).toEqual([postId]);
      // Editing without changing who is mentioned adds nothing.
      await call('POST', `/api/posts/edit/${postId}`, writer, {
        postData: { content: `Hello again @${second.username}` },
      });
      expect((await notificationsOf(second)).length).toBe(1);
    });

    it('a deleted actor disappears from the list without an error', async () => {
      const [author, fan] = [await person('author'), await person('gone')];
      const postId = await post(author);
      await call('POST', `/api/posts/like/${postId}`, fan);
      await server.database.db.deleteFrom('accounts').where('id', '=', fan.id).execute();
      const reply = await server.request('GET', '/api/notifications', { token: author.token });
      expect(reply.status).toBe(200);
      expect(reply.body.notifications).toEqual([]);
    });
  });

  describe('unread and read', () => {
    it('counts unread entries; marking read answers 0; a new cause makes its entry unread again', async () => {
      const [me, a, b] = [await person('reader'), await person('a'), await person('b')];
      const postId = await post(me);
      await call('POST', `/api/posts/like/${postId}`, a);
      await call('POST', `/api/users/follow/${me.id}`, a);
      expect(await unread(me)).toBe(2);
      expect(await call('POST', '/api/notifications/read', me)).toEqual({ count: 0 });
      expect(await unread(me)).toBe(0);
      expect((await notificationsOf(me)).every((entry) => entry.read)).toBe(true);
      // Read is "up to the moment of marking": the next cause must come at a later millisecond.
      const markedAt = Date.now();
      while (Date.now() <= markedAt) await new Promise((resolve) => setImmediate(resolve));
      await call('POST', `/api/posts/like/${postId}`, b);
      expect(await unread(me)).toBe(1);
      const entries = await notificationsOf(me);
      expect(entries.map((entry) => [entry.type, entry.read, entry.actorCount])).toEqual([
        ['like', false, 2],
        ['follow', true, 1],
      ]);
    });

    it('needs a signed-in user', async () => {
      for (const [method, path] of [
        ['GET', '/api/notifications'],
        ['GET', '/api/notifications/unread'],
        ['POST', '/api/notifications/read'],
      ] as const) {
        expect((await server.request(method, path)).status).toBe(401);
      }
    });
  });

  it("keeps a group's count equal to its actors while people follow and unfollow at once", async () => {
    const star = await person('star');
    const fans = await Promise.all(Array.from({ length: 24 }, () => person('fan')));
    const [early, late] = [fans.slice(0, 12), fans.slice(12)];
    await Promise.all(early.map((fan) => call('POST', `/api/users/follow/${star.id}`, fan)));
    // Each round, half leave the group while the other half join it: the same row, moved both ways.
    const rounds: [Person[], Person[]][] = [
      [early, late],
      [late, early],
      [early, late],
    ];
    for (const [leaving, joining] of rounds) {
      await Promise.all([
        ...leaving.map((fan) => call('POST', `/api/users/unfollow/${star.id}`, fan)),
        ...joining.map((fan) => call('POST', `/api/users/follow/${star.id}`, fan)),
      ]);
      const [entry] = (await notificationsOf(star)).filter((item) => item.type === 'follow');
      const actors = await server.database.db
        .selectFrom('notification_actors')
        .innerJoin('notifications', 'notifications.id', 'notification_actors.notification_id')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('notifications.recipient_id', '=', star.id)
        .where('notifications.type', '=', 'follow')
        .executeTakeFirstOrThrow();
      expect([entry?.actorCount, Number(actors.count)]).toEqual([joining.length, joining.length]);
    }
  });

  it('pages without skips or repeats, newest cause first', async () => {
    const me = await person('paged');
    const postIds: string[] = [];
    for (let i = 0; i < 7; i++) postIds.push(await post(me, `post ${i}`));
    const fan = await person('fan');
    for (const postId of postIds) await call('POST', `/api/posts/like/${postId}`, fan);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: `?${string}` = cursor ? `?limit=3&cursor=${encodeURIComponent(cursor)}` : '?limit=3';
      const body: NotificationsReply = await call('GET', `/api/notifications${query}`, me);
      expect(body.notifications.length).toBeLessThanOrEqual(3);
      seen.push(...body.notifications.map((entry) => entry.post!._id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...postIds].reverse());
  });
});
