import type { ErrorBody, NotificationsReply } from '@sync/contract';
/**
 * Notifications a person chooses (issue 29, docs/decisions/104): the Mentions filter of the list and
 * its paging; the settings of what notifies (`/api/account/notification-settings`) applied alike to the
 * list, the unread count and the live events, and taken back; a bad setting refused; and the same
 * settings through a Mastodon app's notification policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../test/event-stream-client.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { bearer, failure, newAppUser } from '../../test/mastodon.js';
import { newComment, newPerson, newPost, type Person, succeed } from '../../test/people.js';

describeEachDatabase('notification filter and settings', (dialect) => {
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
  const like = (who: Person, postId: string) => call('POST', `/api/posts/like/${postId}`, who);
  const typesOf = async (who: Person, query: `?${string}` | '' = '') =>
    (await call('GET', `/api/notifications${query}`, who)).notifications.map((entry) => entry.type);
  const unread = async (who: Person) => (await call('GET', '/api/notifications/unread', who)).count as number;
  const settingsOf = async (who: Person) =>
    (await call('GET', '/api/account/notification-settings', who)).settings;
  const change = async (who: Person, body: unknown) =>
    (await call('PUT', '/api/account/notification-settings', who, body)).settings;

  describe('the Mentions filter', () => {
    it('lists mentions and comments on my posts only, paged without skips or repeats', async () => {
      const [me, other] = [await person('filtered'), await person('other')];
      const mine = await post(me, 'My post');
      const expected: string[] = [];
      for (let i = 0; i < 4; i++) {
        await like(other, await post(me, `liked ${i}`));
        const mention = await post(other, `Hello @${me.username} ${i}`);
        expected.unshift(`mention:${mention}`);
        const commentId = await newComment(server, other, mine, `reply ${i}`);
        expected.unshift(`comment:${commentId}`);
      }
      await call('POST', `/api/users/follow/${me.id}`, other);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const after: `&cursor=${string}` | '' = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const page: NotificationsReply = await call(
          'GET',
          `/api/notifications?filter=mentions&limit=3${after}`,
          me,
        );
        expect(page.notifications.length).toBeLessThanOrEqual(3);
        seen.push(
          ...page.notifications.map((entry) =>
            entry.type === 'comment' ? `comment:${entry.comment!._id}` : `mention:${entry.post!._id}`,
          ),
        );
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(expected);
      // `all`, the default, is every kind.
      expect(await typesOf(me, '?filter=all')).toEqual(await typesOf(me));
      expect((await typesOf(me)).filter((type) => type === 'like')).toHaveLength(4);
    });

    it('an unknown filter is a 400 naming the parameter', async () => {
      const me = await person('badfilter');
      const reply = await server.request<ErrorBody>('GET', '/api/notifications?filter=likes', {
        token: me.token,
      });
      expect(reply.status).toBe(400);
      expect(reply.body.errors.join(' ')).toMatch(/filter/);
    });
  });

  it('a follow entry says which of its actors I follow, for Follow back', async () => {
    const [me, first, second] = [await person('followed'), await person('first'), await person('second')];
    await call('POST', `/api/users/follow/${me.id}`, first);
    await call('POST', `/api/users/follow/${me.id}`, second);
    const entryOf = async () => (await call('GET', '/api/notifications', me)).notifications[0];
    expect(await entryOf()).toMatchObject({ type: 'follow', actorCount: 2, followedActorIds: [] });
    await call('POST', `/api/users/follow/${first.id}`, me);
    const entry = (await entryOf())!;
    expect(entry.actors.map((actor) => actor._id)).toEqual([second.id, first.id]);
    expect(entry.followedActorIds).toEqual([first.id]);
    const like = await post(me, 'Liked');
    await call('POST', `/api/posts/like/${like}`, first);
    expect((await entryOf())!.followedActorIds).toBeUndefined();
  });

  describe('settings', () => {
    it('start with every kind, from anyone', async () => {
      const me = await person('defaults');
      expect(await settingsOf(me)).toEqual({
        types: {
          like: true,
          comment: true,
          mention: true,
          follow: true,
          upvote: true,
          repost: true,
          quote: true,
          update: true,
          quoted_update: true,
          new_report: true,
        },
        onlyFromFollowing: false,
      });
    });

    it('a kind turned off leaves the list, the count and the live events; turned on, it is back', async () => {
      const [me, fan] = [await person('kinds'), await person('fan')];
      const postId = await post(me, 'Post');
      const changed = await change(me, { types: { like: false } });
      expect(changed.types).toMatchObject({ like: false, comment: true });
      expect(await settingsOf(me)).toEqual(changed);

      const stream = await openEventStream(server.url, me.token);
      try {
        await like(fan, postId);
        const commentId = await newComment(server, fan, postId, 'Hi');
        const { data } = await stream.waitFor(
          'notification',
          ({ notification }) => notification.type === 'comment',
        );
        expect(data.notification.comment?._id).toBe(commentId);
        expect(data.unreadCount).toBe(1);
        // Events arrive in order: the like's, had there been one, came first.
        expect(stream.events.filter((event) => event.event === 'notification')).toHaveLength(1);
      } finally {
        stream.close();
      }
      expect(await typesOf(me)).toEqual(['comment']);
      expect(await unread(me)).toBe(1);

      await change(me, { types: { like: true } });
      expect(await typesOf(me)).toEqual(['comment', 'like']);
      expect(await unread(me)).toBe(2);
    });

    it('only from people I follow: others are left out, and a group shows the people I follow', async () => {
      const [me, friend, stranger] = [
        await person('picky'),
        await person('friend'),
        await person('stranger'),
      ];
      await call('POST', `/api/users/follow/${friend.id}`, me);
      const strangersOnly = await post(me, 'Liked by a stranger');
      const both = await post(me, 'Liked by both');
      await like(stranger, strangersOnly);
      await like(stranger, both);
      await like(friend, both);
      await call('POST', `/api/users/follow/${me.id}`, stranger);
      expect(await unread(me)).toBe(3);

      await change(me, { onlyFromFollowing: true });
      const list = (await call('GET', '/api/notifications', me)).notifications;
      expect(list.map((entry) => [entry.type, entry.post?._id])).toEqual([['like', both]]);
      expect(list[0]!.actors.map((actor) => actor.username)).toEqual([friend.username]);
      expect(await unread(me)).toBe(1);

      const stream = await openEventStream(server.url, me.token);
      try {
        await newComment(server, stranger, both, 'From a stranger');
        const fromFriend = await newComment(server, friend, both, 'From a friend');
        const { data } = await stream.waitFor(
          'notification',
          ({ notification }) => notification.type === 'comment',
        );
        expect(data.notification.comment?._id).toBe(fromFriend);
        expect(stream.events.filter((event) => event.event === 'notification')).toHaveLength(1);
      } finally {
        stream.close();
      }

      await change(me, { onlyFromFollowing: false });
      expect(await typesOf(me)).toEqual(['comment', 'comment', 'follow', 'like', 'like']);
    });

    it('a bad setting is a 400 and changes nothing', async () => {
      const me = await person('badsetting');
      await change(me, { types: { follow: false } });
      const before = await settingsOf(me);
      for (const body of [
        { types: { likes: false } },
        { types: { like: 'no' } },
        { onlyFromFollowing: 'yes' },
        { types: { moderation_warning: false } },
      ]) {
        const reply = await server.request<ErrorBody>('PUT', '/api/account/notification-settings', {
          token: me.token,
          body,
        });
        expect(reply.status, JSON.stringify(body)).toBe(400);
        expect(reply.body.errors.length).toBeGreaterThan(0);
      }
      expect(await settingsOf(me)).toEqual(before);
      const signedOut = await server.request('GET', '/api/account/notification-settings');
      expect(signedOut.status).toBe(401);
    });
  });

  describe('Mastodon API', () => {
    it('types[]=mention lists mentions and comments on my posts', async () => {
      const [me, other] = [await newAppUser(server, 'mmention'), await newAppUser(server, 'mother')];
      const mine = await post(me, 'Mine');
      await like(other, mine);
      const mention = await post(other, `Hi @${me.username}`);
      const commentId = await newComment(server, other, mine, 'A reply');
      const listed = await me.app.v1.notifications.list({ types: ['mention'] });
      expect(listed.map((entry) => [entry.type, entry.status?.id])).toEqual([
        ['mention', commentId],
        ['mention', mention],
      ]);
      const excluded = await me.app.v1.notifications.list({ excludeTypes: ['mention'] });
      expect(excluded.map((entry) => entry.type)).toEqual(['favourite']);
    });

    it('the notification policy: for_not_following round trip, applied to lists and counts', async () => {
      const [me, friend, stranger] = [
        await newAppUser(server, 'mpolicy'),
        await person('mfriend'),
        await person('mstranger'),
      ];
      await call('POST', `/api/users/follow/${friend.id}`, me);
      const postId = await post(me, 'Post');
      await like(stranger, postId);
      await call('POST', `/api/users/follow/${me.id}`, friend);

      const initial = await me.app.v2.notifications.policy.fetch();
      expect(initial).toEqual({
        forNotFollowing: 'accept',
        forNotFollowers: 'accept',
        forNewAccounts: 'accept',
        forPrivateMentions: 'accept',
        forLimitedAccounts: 'drop',
        summary: { pendingRequestsCount: 0, pendingNotificationsCount: 0 },
      });
      expect(await me.app.v1.notifications.unreadCount.fetch()).toEqual({ count: 2 });

      const updated = await me.app.v2.notifications.policy.update({ forNotFollowing: 'filter' });
      expect(updated.forNotFollowing).toBe('drop');
      expect((await me.app.v2.notifications.policy.fetch()).forNotFollowing).toBe('drop');
      expect((await settingsOf(me)).onlyFromFollowing).toBe(true);
      expect((await me.app.v1.notifications.list()).map((entry) => entry.type)).toEqual(['follow']);
      expect(await me.app.v1.notifications.unreadCount.fetch()).toEqual({ count: 1 });

      // An app sending back the whole policy it read, with one change.
      const patched = await server.request('PATCH', '/api/v2/notifications/policy', {
        token: bearer(me.accessToken),
        body: { ...policyBody(updated), for_not_following: 'accept' },
      });
      expect(patched.status).toBe(200);
      expect(patched.body.for_not_following).toBe('accept');
      expect((await me.app.v1.notifications.list()).map((entry) => entry.type)).toEqual([
        'follow',
        'favourite',
      ]);

      // What Sync cannot do is refused, and nothing changes.
      expect(
        await failure(
          me.app.v2.notifications.policy.update({ forNotFollowing: 'drop', forNewAccounts: 'filter' }),
        ),
      ).toEqual({
        status: 422,
        error:
          'Validation failed: Sync does not filter notifications by for_new_accounts; it can only be "accept".',
      });
      const unknown = await server.request('PUT', '/api/v2/notifications/policy', {
        token: bearer(me.accessToken),
        body: { for_not_following: 'ignore' },
      });
      expect(unknown.status).toBe(422);
      expect((await me.app.v2.notifications.policy.fetch()).forNotFollowing).toBe('accept');
    });
  });
});

/** A policy as an app read it, in the API's own (snake_case) names. */
const policyBody = (policy: {
  forNotFollowers: string;
  forNewAccounts: string;
  forPrivateMentions: string;
  forLimitedAccounts: string;
}) => ({
  for_not_followers: policy.forNotFollowers,
  for_new_accounts: policy.forNewAccounts,
  for_private_mentions: policy.forPrivateMentions,
  for_limited_accounts: policy.forLimitedAccounts,
});
