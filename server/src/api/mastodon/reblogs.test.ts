/**
 * Reblogs through masto.js (docs/decisions/092): Sync's reposts as Mastodon's reblog wrappers, in the
 * home timeline and an account's statuses, by their own ids; reblogged_by, notifications, and the
 * follow's `reblogs` switch.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { failure, newAppUser } from '../../test/mastodon.js';
import { succeed, type Person } from '../../test/people.js';

describeEachDatabase('Mastodon API: reblogs', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect, { seed: false });
  });
  afterAll(() => server.close());

  const syncPost = async (author: Person, content = 'A post') =>
    (await succeed(server, 'POST', '/api/posts?return=post', author, { postData: { content } })).post
      ._id as string;

  it('reblog answers the wrapper (idempotent), unreblog the post; counts and marks are real', async () => {
    const [me, author] = [await newAppUser(server, 'me'), await newAppUser(server, 'author')];
    const postId = await syncPost(author, 'Reblog me');
    const [first, second] = await Promise.all([
      me.app.v1.statuses.$select(postId).reblog(),
      me.app.v1.statuses.$select(postId).reblog(),
    ]);
    expect(first.id).toBe(second.id);
    expect(first.id).not.toBe(postId);
    expect(first.account.id).toBe(me.id);
    expect(first.content).toBe('');
    expect(first.reblog?.id).toBe(postId);
    expect(first.reblog?.reblogsCount).toBe(1);
    expect(first.reblog?.reblogged).toBe(true);

    const read = await me.app.v1.statuses.$select(postId).fetch();
    expect(read.reblogsCount).toBe(1);
    expect(read.reblogged).toBe(true);
    // The wrapper's id answers the wrapper.
    const wrapper = await author.app.v1.statuses.$select(first.id).fetch();
    expect(wrapper.reblog?.id).toBe(postId);
    expect(wrapper.account.id).toBe(me.id);
    expect(wrapper.reblog?.reblogged).toBe(false);

    const who = await author.app.v1.statuses.$select(postId).rebloggedBy.list();
    expect(who.map((account) => account.id)).toEqual([me.id]);

    const notifications = await author.app.v1.notifications.list({ types: ['reblog'] });
    expect(notifications.map((entry) => [entry.type, entry.status?.id])).toEqual([['reblog', postId]]);

    const undone = await me.app.v1.statuses.$select(first.id).unreblog();
    expect(undone.id).toBe(postId);
    expect(undone.reblogsCount).toBe(0);
    expect(undone.reblogged).toBe(false);
    expect(await author.app.v1.notifications.list({ types: ['reblog'] })).toEqual([]);
    expect((await failure(me.app.v1.statuses.$select(first.id).fetch())).status).toBe(404);
  });

  it('home shows reblog wrappers, each post once; max_id and min_id page by their ids; reblogs=false hides them', async () => {
    const [me, friend, author] = [
      await newAppUser(server, 'reader'),
      await newAppUser(server, 'friend'),
      await newAppUser(server, 'writer'),
    ];
    await me.app.v1.accounts.$select(friend.id).follow();
    const shared = await syncPost(author, 'Shared');
    server.clock.advance(1000);
    const own = await syncPost(friend, 'Own');
    server.clock.advance(1000);
    const reblog = await friend.app.v1.statuses.$select(shared).reblog();

    const home = await me.app.v1.timelines.home.list();
    expect(home.map((status) => status.id)).toEqual([reblog.id, own]);
    expect(home[0]!.reblog?.id).toBe(shared);
    const older = await me.app.v1.timelines.home.list({ maxId: reblog.id });
    expect(older.map((status) => status.id)).toEqual([own]);
    const newer = await me.app.v1.timelines.home.list({ minId: own });
    expect(newer.map((status) => status.id)).toEqual([reblog.id]);

    const accountStatuses = await me.app.v1.accounts.$select(friend.id).statuses.list();
    expect(accountStatuses.map((status) => status.id)).toEqual([reblog.id, own]);
    const withoutReblogs = await me.app.v1.accounts
      .$select(friend.id)
      .statuses.list({ excludeReblogs: true });
    expect(withoutReblogs.map((status) => status.id)).toEqual([own]);

    const relationship = await me.app.v1.accounts.$select(friend.id).follow({ reblogs: false });
    expect(relationship.showingReblogs).toBe(false);
    expect((await me.app.v1.timelines.home.list()).map((status) => status.id)).toEqual([own]);
    const shown = await me.app.v1.accounts.$select(friend.id).follow({ reblogs: true });
    expect(shown.showingReblogs).toBe(true);
  });

  it('refuses a reply (422) and an unknown status (404); a blocked author’s post is refused (403)', async () => {
    const [me, author] = [await newAppUser(server, 'refused'), await newAppUser(server, 'blockee')];
    const postId = await syncPost(author);
    const comment = (
      await succeed(server, 'POST', `/api/comments/add/${postId}?return=post`, author, {
        commentData: { text: 'A reply' },
      })
    ).comment!._id as string;
    expect((await failure(me.app.v1.statuses.$select(comment).reblog())).status).toBe(422);
    expect(
      (await failure(me.app.v1.statuses.$select('01900000-0000-7000-8000-000000000000').reblog())).status,
    ).toBe(404);
    await me.app.v1.accounts.$select(author.id).block();
    expect((await failure(me.app.v1.statuses.$select(postId).reblog())).status).toBe(403);
    const row = await server.database.db
      .selectFrom('posts')
      .select('repost_count')
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    expect(row.repost_count).toBe(0);
  });
});
