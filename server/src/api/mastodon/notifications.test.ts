/**
 * `/api/v1/notifications` and `/api/v2/notifications` through masto.js: each Sync kind as its Mastodon
 * type with the right account and status, groups (v1: one notification per group, its newest actor;
 * v2: the count and sample accounts), paging by ids that follow the latest cause (never a group twice,
 * even when one moves to the top meanwhile), filters, dismiss and clear, and the unread count kept
 * with Sync's own read marker.
 */
import type { mastodon } from 'masto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { accessToken, bearer, failure, newAppUser, type AppUser } from '../../test/mastodon.js';
import { newPerson, succeed, type Person } from '../../test/people.js';

/** A person with a Mastodon app signed in as them. */
const recordNotFound = { status: 404, error: 'Record not found' };
const notificationId = /^[0-9a-f]{12}-[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describeEachDatabase('Mastodon API: notifications', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { seed: false });
  });
  afterAll(() => server.close());

  const appUser = (prefix: string) => newAppUser(server, prefix);
  const sync = <Method extends string, Url extends string>(
    method: Method,
    path: Url,
    who: Person,
    body?: unknown,
  ) => succeed(server, method, path, who, body);
  const syncPost = async (author: Person, content = 'A post') =>
    (await sync('POST', '/api/posts?return=post', author, { postData: { content } })).post._id as string;
  const like = (who: Person, postId: string) => sync('POST', `/api/posts/like/${postId}`, who);
  const everyNotification = async (who: AppUser) => {
    const all: mastodon.v1.Notification[] = [];
    for await (const page of who.app.v1.notifications.list({ limit: 80 })) all.push(...page);
    return all;
  };

  describe('what each Sync notification is', () => {
    it('a like, an upvote, a comment, a mention and a follow: their types, accounts and statuses', async () => {
      const [me, fan] = [await appUser('me'), await appUser('fan')];
      const myPost = await me.app.v1.statuses.create({ status: 'My post' });
      const fanPost = await fan.app.v1.statuses.create({ status: 'Fan post' });
      const myComment = await me.app.v1.statuses.create({ status: 'My reply', inReplyToId: fanPost.id });

      await like(fan, myPost.id); // Sync's own API
      await fan.app.v1.statuses.$select(myComment.id).favourite(); // an upvote of my comment
      const fanComment = await fan.app.v1.statuses.create({ status: 'Nice', inReplyToId: myPost.id });
      const mention = await fan.app.v1.statuses.create({ status: `Hello @${me.username}` });
      await sync('POST', `/api/users/follow/${me.id}`, fan);

      const listed = await me.app.v1.notifications.list();
      expect(listed.map((entry) => [entry.type, entry.status?.id])).toEqual([
        ['follow', undefined],
        ['mention', mention.id],
        ['mention', fanComment.id],
        ['favourite', myComment.id],
        ['favourite', myPost.id],
      ]);
      for (const entry of listed) {
        expect(entry.id).toMatch(notificationId);
        expect(entry.account).toMatchObject({ id: fan.id, username: fan.username, acct: fan.username });
        expect(entry.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(entry.groupKey).toBe(entry.id.slice(13));
        expect(await me.app.v1.notifications.$select(entry.id).fetch()).toEqual(entry);
      }
      const [follow, mentioned, commented, upvoted, liked] = listed;
      expect(follow).not.toHaveProperty('status');
      expect(mentioned!.status).toMatchObject({ inReplyToId: null, account: { id: fan.id } });
      expect(mentioned!.status!.mentions.map((entry) => entry.id)).toEqual([me.id]);
      // A comment is a reply to me, which apps show among mentions.
      expect(commented!.status).toMatchObject({ inReplyToId: myPost.id, inReplyToAccountId: me.id });
      expect(upvoted!.status).toMatchObject({
        inReplyToId: fanPost.id,
        favouritesCount: 1,
        content: '<p>My reply</p>',
      });
      expect(liked!.status).toMatchObject({ favouritesCount: 1, account: { id: me.id } });
      // The newest first, by the time of each one's cause.
      const times = listed.map((entry) => entry.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      // The fan is told of my reply to their post, and of nothing they did themselves.
      const toFan = await fan.app.v1.notifications.list();
      expect(toFan.map((entry) => [entry.type, entry.account.id, entry.status?.id])).toEqual([
        ['mention', me.id, myComment.id],
      ]);
    });

    it('v2 groups: the same entries, their statuses and accounts beside them', async () => {
      const [me, fan] = [await appUser('me'), await appUser('fan')];
      const myPost = await me.app.v1.statuses.create({ status: 'Grouped' });
      await fan.app.v1.statuses.$select(myPost.id).favourite();
      await sync('POST', `/api/users/follow/${me.id}`, fan);
      const grouped = await me.app.v2.notifications.list();
      const [v1follow, v1like] = await me.app.v1.notifications.list();
      expect(grouped.notificationGroups).toEqual([
        {
          groupKey: v1follow!.groupKey,
          notificationsCount: 1,
          type: 'follow',
          mostRecentNotificationId: v1follow!.id,
          pageMinId: v1follow!.id,
          pageMaxId: v1follow!.id,
          latestPageNotificationAt: v1follow!.createdAt,
          sampleAccountIds: [fan.id],
        },
        {
          groupKey: v1like!.groupKey,
          notificationsCount: 1,
          type: 'favourite',
          mostRecentNotificationId: v1like!.id,
          pageMinId: v1like!.id,
          pageMaxId: v1like!.id,
          latestPageNotificationAt: v1like!.createdAt,
          sampleAccountIds: [fan.id],
          statusId: myPost.id,
        },
      ]);
      expect(grouped.accounts.map((account) => account.id)).toEqual([fan.id]);
      expect(grouped.statuses).toEqual([v1like!.status]);
      const one = await me.app.v2.notifications.$select(v1like!.groupKey).fetch();
      expect(one.notificationGroups).toEqual([
        {
          groupKey: v1like!.groupKey,
          notificationsCount: 1,
          type: 'favourite',
          mostRecentNotificationId: v1like!.id,
          sampleAccountIds: [fan.id],
          statusId: myPost.id,
        },
      ]);
    });

    it('a group of likes: one v1 notification from the newest liker; v2 counts them all', async () => {
      const [me, first, second, third] = [
        await appUser('me'),
        await appUser('first'),
        await appUser('second'),
        await appUser('third'),
      ];
      const postId = await syncPost(me);
      await like(first, postId);
      const [before] = await me.app.v1.notifications.list();
      await like(second, postId);
      await like(third, postId);
      const listed = await me.app.v1.notifications.list();
      expect(listed).toHaveLength(1);
      const [grown] = listed;
      expect(grown).toMatchObject({
        type: 'favourite',
        account: { id: third.id },
        groupKey: before!.groupKey,
      });
      // It grew, so it is newer: a greater id, as Mastodon apps compare ids; the older id still finds it.
      expect(grown!.id > before!.id).toBe(true);
      expect(await me.app.v1.notifications.$select(before!.id).fetch()).toEqual(grown);

      const [group] = (await me.app.v2.notifications.list()).notificationGroups;
      expect(group).toMatchObject({
        notificationsCount: 3,
        sampleAccountIds: [third.id, second.id, first.id],
        mostRecentNotificationId: grown!.id,
      });
      const accounts = await me.app.v2.notifications.$select(grown!.groupKey).accounts.fetch();
      expect(accounts.map((account) => account.id)).toEqual([third.id, second.id, first.id]);
    });
  });

  describe('paging', () => {
    it('through 32 groups: every one once, in order, even when one moves to the top meanwhile', async () => {
      const [me, fan, late] = [await appUser('me'), await appUser('fan'), await appUser('late')];
      const postIds: string[] = [];
      for (let i = 0; i < 32; i++) postIds.push(await syncPost(me, `post ${i}`));
      for (const postId of postIds) await like(fan, postId);

      const pages: mastodon.v1.Notification[][] = [];
      for await (const page of me.app.v1.notifications.list({ limit: 10 })) {
        pages.push(page);
        // The oldest like's group gets a new cause while the app pages: it moves to the top.
        if (pages.length === 1) await like(late, postIds[0]!);
      }
      // The short last page links no `next`: the walk ends there.
      expect(pages.map((page) => page.length)).toEqual([10, 10, 10, 1]);
      const seen = pages.flat();
      expect(new Set(seen.map((entry) => entry.groupKey)).size).toBe(seen.length);
      expect(seen.map((entry) => entry.status!.id)).toEqual(postIds.slice(1).reverse());
      const ids = seen.map((entry) => entry.id);
      expect([...ids].sort().reverse()).toEqual(ids);

      // An app asking for what is newer than the top of its first page gets the group that moved.
      const newer = await me.app.v1.notifications.list({ minId: pages[0]![0]!.id });
      expect(newer.map((entry) => [entry.status!.id, entry.account.id])).toEqual([[postIds[0], late.id]]);
      const since = await me.app.v1.notifications.list({ sinceId: pages[0]![0]!.id });
      expect(since).toEqual(newer);
      // min_id: the page just above the id, the newest of it first.
      const above = await me.app.v1.notifications.list({ minId: pages[1]![9]!.id, limit: 3 });
      expect(above.map((entry) => entry.id)).toEqual(pages[1]!.slice(6, 9).map((entry) => entry.id));
    });

    it('Link: next carries max_id of the page`s oldest, prev min_id of its newest; none when empty', async () => {
      const [me, fan] = [await appUser('me'), await appUser('fan')];
      for (let i = 0; i < 3; i++) await like(fan, await syncPost(me));
      const first = await server.request('GET', '/api/v1/notifications?limit=2', {
        token: bearer(me.accessToken),
      });
      const [newest, oldest] = first.body;
      expect(first.headers.get('link')).toBe(
        `<${server.url}/api/v1/notifications?limit=2&max_id=${oldest!.id}>; rel="next", ` +
          `<${server.url}/api/v1/notifications?limit=2&min_id=${newest!.id}>; rel="prev"`,
      );
      const v2 = await server.request('GET', '/api/v2/notifications?limit=2', {
        token: bearer(me.accessToken),
      });
      expect(v2.headers.get('link')).toContain(`max_id=${oldest!.id}>; rel="next"`);
      const past = await server.request('GET', `/api/v1/notifications?max_id=${oldest!.id}&limit=5`, {
        token: bearer(me.accessToken),
      });
      expect(past.body).toHaveLength(1);
      const end = await server.request('GET', `/api/v1/notifications?max_id=${past.body[0]!.id}`, {
        token: bearer(me.accessToken),
      });
      expect(end.body).toEqual([]);
      expect(end.headers.get('link')).toBeNull();
      const malformed = await server.request('GET', '/api/v1/notifications?max_id=12', {
        token: bearer(me.accessToken),
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ error: '"12" is not a notification id.' });
    });
  });

  describe('filters', () => {
    it('types[], exclude_types[] and account_id, in v1, v2 and the unread count', async () => {
      const [me, fan, other] = [await appUser('me'), await appUser('fan'), await appUser('other')];
      const postId = await syncPost(me);
      await like(fan, postId);
      await like(other, postId);
      await sync('POST', `/api/users/follow/${me.id}`, fan);
      await sync('POST', '/api/posts', other, { postData: { content: `@${me.username} hi` } });

      const typesOf = (entries: { type: string }[]) => entries.map((entry) => entry.type);
      expect(typesOf(await me.app.v1.notifications.list({ types: ['follow'] }))).toEqual(['follow']);
      expect(typesOf(await me.app.v1.notifications.list({ excludeTypes: ['favourite', 'follow'] }))).toEqual([
        'mention',
      ]);
      expect(await me.app.v1.notifications.list({ types: ['reblog'] })).toEqual([]);
      const fromFan = await me.app.v1.notifications.list({ accountId: fan.id });
      // The like's group is shown from the person asked about, though another liked after them.
      expect(fromFan.map((entry) => [entry.type, entry.account.id])).toEqual([
        ['follow', fan.id],
        ['favourite', fan.id],
      ]);
      // masto.js types v2's `types[]` as the grouped types only; any type is a filter.
      const v2 = await server.request('GET', '/api/v2/notifications?types[]=mention&types[]=follow', {
        token: bearer(me.accessToken),
      });
      expect(typesOf(v2.body.notification_groups)).toEqual(['mention', 'follow']);
      expect(await me.app.v1.notifications.unreadCount.fetch({ types: ['favourite'] })).toEqual({ count: 1 });
      expect(await me.app.v2.notifications.unreadCount.fetch({ accountId: other.id })).toEqual({ count: 2 });
    });
  });

  describe('dismiss and clear', () => {
    it('dismiss takes one group away (v1 by id, v2 by group key); clear takes them all', async () => {
      const [me, fan] = [await appUser('me'), await appUser('fan')];
      const [first, second, third] = [await syncPost(me), await syncPost(me), await syncPost(me)];
      for (const postId of [first, second, third]) await like(fan, postId);
      const [thirdLike, secondLike, firstLike] = await me.app.v1.notifications.list();

      await me.app.v1.notifications.$select(secondLike!.id).dismiss();
      expect((await me.app.v1.notifications.list()).map((entry) => entry.id)).toEqual([
        thirdLike!.id,
        firstLike!.id,
      ]);
      expect(await failure(me.app.v1.notifications.$select(secondLike!.id).fetch())).toEqual(recordNotFound);
      expect(await failure(me.app.v1.notifications.$select(secondLike!.id).dismiss())).toEqual(
        recordNotFound,
      );

      await me.app.v2.notifications.$select(thirdLike!.groupKey).dismiss();
      expect((await me.app.v1.notifications.list()).map((entry) => entry.id)).toEqual([firstLike!.id]);
      expect(await failure(me.app.v2.notifications.$select(thirdLike!.groupKey).fetch())).toEqual(
        recordNotFound,
      );

      // Sync's own list agrees.
      const syncList = await sync('GET', '/api/notifications', me);
      expect(syncList.notifications.map((entry) => entry.post!._id)).toEqual([first]);

      await me.app.v1.notifications.clear();
      expect(await everyNotification(me)).toEqual([]);
      expect((await sync('GET', '/api/notifications', me)).notifications).toEqual([]);
      // A like after a clear starts a new group, of that like alone.
      const late = await appUser('late');
      await late.app.v1.statuses.$select(first).favourite();
      const [after] = (await me.app.v2.notifications.list()).notificationGroups;
      expect(after).toMatchObject({
        type: 'favourite',
        statusId: first,
        notificationsCount: 1,
        sampleAccountIds: [late.id],
      });
      expect(after!.groupKey).not.toBe(firstLike!.groupKey);
    });

    it('someone else`s notification is not found', async () => {
      const [me, fan, stranger] = [await appUser('me'), await appUser('fan'), await appUser('stranger')];
      await like(fan, await syncPost(me));
      const [entry] = await me.app.v1.notifications.list();
      expect(await failure(stranger.app.v1.notifications.$select(entry!.id).fetch())).toEqual(recordNotFound);
      expect(await failure(stranger.app.v1.notifications.$select(entry!.id).dismiss())).toEqual(
        recordNotFound,
      );
      expect(await failure(stranger.app.v2.notifications.$select(entry!.groupKey).accounts.fetch())).toEqual(
        recordNotFound,
      );
      expect(await failure(me.app.v1.notifications.$select('not-an-id').fetch())).toEqual(recordNotFound);
      expect(await me.app.v1.notifications.list()).toHaveLength(1);
    });
  });

  describe('unread count', () => {
    it('counts the groups with a cause since Sync`s read marker, as Sync`s own count does', async () => {
      const [me, fan, other] = [await appUser('me'), await appUser('fan'), await appUser('other')];
      const [first, second] = [await syncPost(me), await syncPost(me)];
      await like(fan, first);
      await like(fan, second);
      await sync('POST', `/api/users/follow/${me.id}`, fan);
      const syncCount = async () => (await sync('GET', '/api/notifications/unread', me)).count as number;

      expect(await me.app.v1.notifications.unreadCount.fetch()).toEqual({ count: 3 });
      expect(await me.app.v2.notifications.unreadCount.fetch()).toEqual({ count: 3 });
      expect(await me.app.v1.notifications.unreadCount.fetch({ limit: 2 })).toEqual({ count: 2 });
      expect(await syncCount()).toBe(3);

      await sync('POST', '/api/notifications/read', me);
      expect(await me.app.v1.notifications.unreadCount.fetch()).toEqual({ count: 0 });
      // A new cause of a read group makes it unread again, in both APIs.
      await like(other, first);
      expect(await me.app.v1.notifications.unreadCount.fetch()).toEqual({ count: 1 });
      expect(await syncCount()).toBe(1);
    });
  });

  describe('the notifications marker', () => {
    it('an app`s marker reads up to that notification in Sync too; never back', async () => {
      const [me, fan, other] = [await appUser('me'), await appUser('fan'), await appUser('other')];
      const syncCount = async () => (await sync('GET', '/api/notifications/unread', me)).count as number;
      for (let i = 0; i < 3; i++) await like(fan, await syncPost(me));
      const [newest, middle, oldest] = await me.app.v1.notifications.list();

      await me.app.v1.markers.create({ notifications: { lastReadId: middle!.id } });
      expect(await me.app.v1.notifications.unreadCount.fetch()).toEqual({ count: 1 });
      expect(await syncCount()).toBe(1);
      const syncList = await sync('GET', '/api/notifications', me);
      expect(syncList.notifications.map((entry: { read: boolean }) => entry.read)).toEqual([
        false,
        true,
        true,
      ]);

      // An app behind another (or behind the web client) does not make anything unread again.
      await me.app.v1.markers.create({ notifications: { lastReadId: oldest!.id } });
      expect(await syncCount()).toBe(1);
      await me.app.v1.markers.create({ notifications: { lastReadId: newest!.id } });
      expect(await me.app.v2.notifications.unreadCount.fetch()).toEqual({ count: 0 });
      // A new cause comes after the marker; an id that is no notification's moves nothing.
      await like(other, await syncPost(me));
      await me.app.v1.markers.create({ notifications: { lastReadId: 'not-a-notification' } });
      expect(await syncCount()).toBe(1);
    });
  });

  describe('access', () => {
    it('needs a person`s token with read:notifications to read, write:notifications to dismiss', async () => {
      const me = await newPerson(server, 'me');
      const readOnly = await accessToken(server, me.token, { scopes: 'read:statuses write:notifications' });
      const denied = await server.request('GET', '/api/v1/notifications', { token: bearer(readOnly) });
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({ error: 'This action is outside the authorized scopes' });
      const reader = await accessToken(server, me.token, { scopes: 'read' });
      const clear = await server.request('POST', '/api/v1/notifications/clear', { token: bearer(reader) });
      expect(clear.status).toBe(403);
      const anonymous = await server.request('GET', '/api/v2/notifications');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ error: 'The access token is invalid' });
    });
  });
});
