import type { PostsPageReply } from '@sync/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectError } from '../../test/expectations.js';
import { describeEachDatabase, startSecondServer, startServer, type TestServer } from '../../test/harness.js';
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
  const timeline = (who: Person, query: '' | `?${string}` = '') =>
    succeed(server, 'GET', `/api/timeline${query}`, who);
  const follow = (who: Person, whom: Person) => succeed(server, 'POST', `/api/users/follow/${whom.id}`, who);

  it('POST and DELETE /api/posts/:postId/repost: idempotent, counted once under 30 at once, the version moves', async () => {
    const author = await newPerson(server, 'author');
    const fan = await newPerson(server, 'fan');
    const postId = await newPost(server, author, 'Worth sharing');
    const before = await postRow(postId);
    // A page read first keeps the post in the cache: the moved version shows the new count at once.
    const listed = async () =>
      (await succeed(server, 'GET', `/api/posts/user/${author.username}?limit=5`)).posts[0];
    expect((await listed())!.repostCount).toBeUndefined();

    const replies = await Promise.all(Array.from({ length: 30 }, () => repost(fan, postId)));
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ reposted: true, repostCount: 1 });
    }
    expect(await rowsOf(postId)).toHaveLength(1);
    const after = await postRow(postId);
    expect(after.repost_count).toBe(1);
    expect(after.version).toBe(before.version + 1);
    expect((await listed())!.repostCount).toBe(1);

    const read = await succeed(server, 'GET', `/api/posts/${postId}`, fan);
    expect(read.post.repostCount).toBe(1);
    expect(read.post.viewer!.reposted).toBe(true);
    const someoneElse = await succeed(server, 'GET', `/api/posts/${postId}`, author);
    expect(someoneElse.post.viewer!.reposted).toBeUndefined();

    const reposters = await succeed(server, 'GET', `/api/posts/${postId}/reposts`);
    expect(reposters.users.map((user) => user.username)).toEqual([fan.username]);

    const undone = await Promise.all(Array.from({ length: 5 }, () => repost(fan, postId, 'DELETE')));
    for (const reply of undone) expect(reply.body).toEqual({ reposted: false, repostCount: 0 });
    expect(await rowsOf(postId)).toHaveLength(0);
    expect((await postRow(postId)).repost_count).toBe(0);
    const gone = await succeed(server, 'GET', `/api/posts/${postId}`, fan);
    expect(gone.post.repostCount).toBeUndefined();
    expect(gone.post.viewer!.reposted).toBeUndefined();
  });

  it('a profile changed shows at once in the reposters list and the timeline, in this process and another', async () => {
    const author = await newPerson(server, 'author');
    const fan = await newPerson(server, 'fan');
    const postId = await newPost(server, author, 'Worth sharing with a new face');
    await succeed(server, 'POST', `/api/posts/${postId}/repost`, fan);
    await follow(author, fan);
    const second = await startSecondServer(server);
    try {
      const avatars = async (read: Pick<TestServer, 'request'>) => {
        const reposters = await read.request('GET', `/api/posts/${postId}/reposts`);
        const following = await read.request('GET', '/api/timeline', { token: author.token });
        return {
          reposters: reposters.body.users.map((user) => user.avatarURL),
          reposted: following.body.posts.find((post) => post._id === postId)!.reposted!.by.avatarURL,
        };
      };
      // Read first by both processes, so both keep the reposter's summary.
      for (const read of [server, second]) expect((await avatars(read)).reposters).toHaveLength(1);

      const avatarURL = '/avatars/a-new-face.svg';
      await succeed(server, 'POST', '/api/users/edit', fan, { updatedUserData: { avatarURL } });
      for (const read of [server, second])
        expect(await avatars(read)).toEqual({ reposters: [avatarURL], reposted: avatarURL });
    } finally {
      await second.close();
    }
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

  it('the Following timeline shows a post once, at its newest repost, and never repeats it across pages', async () => {
    const me = await newPerson(server, 'reader');
    const [a, b, c] = await Promise.all(['ann', 'bob', 'cat'].map((name) => newPerson(server, name)));
    const stranger = await newPerson(server, 'stranger');
    for (const who of [a!, b!, c!]) await follow(me, who);
    server.clock.advance(1000);
    const shared = await newPost(server, stranger, 'Shared twice');
    server.clock.advance(1000);
    const own = await newPost(server, a!, 'Ann wrote it, Bob reposted it');
    const fillers: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      server.clock.advance(1000);
      fillers.push(await newPost(server, c!, `Filler ${i}`));
    }
    server.clock.advance(1000);
    await succeed(server, 'POST', `/api/posts/${shared}/repost`, a);
    server.clock.advance(1000);
    await succeed(server, 'POST', `/api/posts/${own}/repost`, b);
    server.clock.advance(1000);
    await succeed(server, 'POST', `/api/posts/${shared}/repost`, b);

    const first = await timeline(me);
    expect(first.posts.map((post) => post._id)).toEqual([shared, own, ...fillers.reverse()]);
    expect(first.posts[0]!.reposted).toMatchObject({ by: { username: b!.username } });
    expect(first.posts[0]!.repostCount).toBe(2);
    expect(first.posts[1]!.reposted!.by.username).toBe(b!.username);
    expect(first.posts[2]!.reposted).toBeUndefined();
    const [bRepost] = await server.database.db
      .selectFrom('reposts')
      .select('id')
      .where('user_id', '=', b!.id)
      .where('post_id', '=', shared)
      .execute();
    expect(first.posts[0]!.reposted!.repostId).toBe(bRepost!.id);

    // Page by page (two at a time), every post once, in the same order.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: PostsPageReply = await timeline(
        me,
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.posts.map((post) => post._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(first.posts.map((post) => post._id));

    // Hide Bob's reposts: the shared post falls back to Ann's repost, Ann's post to itself.
    await succeed(server, 'POST', `/api/follows/reposts/${b!.id}`, me, { show: false });
    const hidden = await timeline(me);
    expect(hidden.posts[0]!._id).toBe(shared);
    expect(hidden.posts[0]!.reposted!.by.username).toBe(a!.username);
    const ownItem = hidden.posts.find((post) => post._id === own)!;
    expect(ownItem.reposted).toBeUndefined();
    await succeed(server, 'POST', `/api/follows/reposts/${b!.id}`, me, { show: true });

    // A mute of the reposter, then a block of the post's author: their items go.
    await succeed(server, 'POST', `/api/users/${b!.username}/mute`, me, {});
    const muted = await timeline(me);
    expect(muted.posts[0]!.reposted!.by.username).toBe(a!.username);
    expect(muted.posts.some((post) => post.reposted?.by.username === b!.username)).toBe(false);
    await succeed(server, 'DELETE', `/api/users/${b!.username}/mute`, me);
    await succeed(server, 'POST', `/api/users/${stranger.username}/block`, me);
    expect((await timeline(me)).posts.map((post) => post._id)).not.toContain(shared);
  });

  it('a profile lists its reposts (filter=reposts) or both (filter=all), newest first; trending with them is 400', async () => {
    const author = await newPerson(server, 'profiled');
    const other = await newPerson(server, 'otherone');
    const theirs = await newPost(server, other, 'Theirs');
    server.clock.advance(1000);
    const mine = await newPost(server, author, 'Mine');
    server.clock.advance(1000);
    await succeed(server, 'POST', `/api/posts/${theirs}/repost`, author);
    const path = `/api/posts/user/${author.username}` as const;
    expect((await succeed(server, 'GET', path)).posts.map((post) => post._id)).toEqual([mine]);
    const shared = await succeed(server, 'GET', `${path}?filter=reposts`);
    expect(shared.posts.map((post) => post._id)).toEqual([theirs]);
    expect(shared.posts[0]!.reposted!.by.username).toBe(author.username);
    const all = await succeed(server, 'GET', `${path}?filter=all&limit=10`);
    expect(all.posts.map((post) => post._id)).toEqual([theirs, mine]);
    const refused = await server.request('GET', `${path}?filter=reposts&sort=trending`);
    expectError(refused, 400);
    expect(refused.body.errors[0]).toContain('newest first');
  });

  it('the export lists one’s reposts; deleting the account takes them off the counts and moves the versions', async () => {
    const author = await newPerson(server, 'kept');
    const leaver = await newPerson(server, 'leaver');
    const postId = await newPost(server, author, 'Reposted by someone who leaves');
    await succeed(server, 'POST', `/api/posts/${postId}/repost`, leaver);
    const exported = await succeed(server, 'GET', '/api/account/export', leaver);
    expect(exported.reposts).toEqual([{ postId, createdAt: expect.any(String) }]);
    const before = await postRow(postId);
    expect(before.repost_count).toBe(1);
    await succeed(server, 'POST', '/api/account/delete', leaver, { password: 'password123' });
    const after = await postRow(postId);
    expect(after.repost_count).toBe(0);
    expect(after.version).toBeGreaterThan(before.version);
    expect(await rowsOf(postId)).toHaveLength(0);
  });

  it('notifies the author of reposts, grouped per post; an undo takes its reposter out', async () => {
    const author = await newPerson(server, 'notified');
    const [one, two] = await Promise.all(['first', 'second'].map((name) => newPerson(server, name)));
    const postId = await newPost(server, author);
    await succeed(server, 'POST', `/api/posts/${postId}/repost`, one);
    server.clock.advance(1000);
    await succeed(server, 'POST', `/api/posts/${postId}/repost`, two);
    const listed = await succeed(server, 'GET', '/api/notifications', author);
    const reposts = listed.notifications.filter((entry) => entry.type === 'repost');
    expect(reposts).toHaveLength(1);
    expect(reposts[0]!.actorCount).toBe(2);
    expect(reposts[0]!.actors.map((actor) => actor.username)).toEqual([two!.username, one!.username]);
    expect(reposts[0]!.post!._id).toBe(postId);
    await succeed(server, 'DELETE', `/api/posts/${postId}/repost`, two);
    const after = (await succeed(server, 'GET', '/api/notifications', author)).notifications.filter(
      (entry) => entry.type === 'repost',
    );
    expect(after[0]!.actorCount).toBe(1);
    expect(after[0]!.actors.map((actor) => actor.username)).toEqual([one!.username]);
  });
});
