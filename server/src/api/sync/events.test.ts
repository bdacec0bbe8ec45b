import http from 'node:http';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type EventStreamClient } from '../../test/event-stream-client.js';
import { expectPost } from '../../test/expectations.js';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { newPerson, newPost, type Person, succeed } from '../../test/people.js';
import { eventually } from '../../test/wait.js';

describeEachDatabase('live events', (dialect) => {
  let server: TestServer;
  const opened: EventStreamClient[] = [];
  beforeAll(async () => {
    server = await startServer(dialect, { seed: false, env: { EVENTS_HEARTBEAT_MS: '200' } });
  });
  afterAll(async () => {
    opened.forEach((stream) => stream.close());
    await server.close();
  });

  const person = (prefix: string) => newPerson(server, prefix);
  const stream = async (who: Person | undefined, lastEventId?: string) => {
    const client = await openEventStream(server.url, who?.token, { lastEventId });
    opened.push(client);
    return client;
  };
  const post = (author: Person, content?: string) => newPost(server, author, content);
  const follow = (who: Person, whom: Person) => succeed(server, 'POST', `/api/users/follow/${whom.id}`, who);

  it('answers as a stream that compression, proxies and caches leave alone', async () => {
    const me = await person('headers');
    const response = await fetch(`${server.url}/api/events`, {
      headers: { authorization: `Bearer ${me.token}`, 'accept-encoding': 'br, gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toMatch(/no-cache/);
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // The heartbeat (every 200 ms here) comes through uncompressed as comment lines.
    const reader = response.body!.getReader();
    let text = '';
    while (!/^:\n\n/m.test(text.replace(/^: open\n\n/, '')))
      text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
  });

  it("a password change or an account deletion ends the user's open streams", async () => {
    const [changed, gone] = [await person('revoked'), await person('leaving')];
    const [changedStream, goneStream] = [await stream(changed), await stream(gone)];
    await succeed(server, 'POST', '/api/account/password', changed, {
      currentPassword: 'password123',
      newPassword: 'password456',
    });
    await succeed(server, 'POST', '/api/account/delete', gone, { password: 'password123' });
    await Promise.all([changedStream.ended, goneStream.ended]);
  });

  it('no HEAD: it would hold a stream open without a body', async () => {
    const me = await person('head');
    const response = await fetch(`${server.url}/api/events`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(response.status).toBe(404);
  });

  it('refused like every signed-in route: no token, a bad one, one from before a password change, a deleted user', async () => {
    const expectRefused = async (token: string | undefined, status: number, message: RegExp) => {
      const client = await openEventStream(server.url, token);
      expect(client.status).toBe(status);
      expect(client.refusal?.errors[0]).toMatch(message);
    };
    await expectRefused(undefined, 401, /log in/);
    await expectRefused('not-a-token', 401, /token is invalid/);
    const changed = await person('changed');
    await succeed(server, 'POST', '/api/account/password', changed, {
      currentPassword: 'password123',
      newPassword: 'password456',
    });
    await expectRefused(changed.token, 401, /token is invalid/);
    const gone = await person('gone');
    await succeed(server, 'POST', '/api/account/delete', gone, { password: 'password123' });
    await expectRefused(gone.token, 404, /not Registered/);
  });

  it("a follower gets a followee's new post, not a stranger's; the author's other tab gets its own", async () => {
    const [author, stranger, follower] = [
      await person('author'),
      await person('stranger'),
      await person('follower'),
    ];
    await follow(follower, author);
    const [followerStream, authorTab] = [await stream(follower), await stream(author)];
    const strangers = await post(stranger, 'Not for the follower');
    const postId = await post(author, 'Hello followers');
    const received = await followerStream.waitFor('post', ({ post }) => post._id === postId);
    expectPost(received.data.post, { preview: true });
    expect(received.data.post).toMatchObject({ content: 'Hello followers', username: author.username });
    expect(received.data.post.viewer).toEqual({ liked: false, disliked: false, bookmarked: false });
    expect(received.id).toMatch(/\S/);
    // Events are written in the order they happened: the stranger's post would have come first.
    expect(
      followerStream.events.filter((event) => event.event === 'post').map((event) => event.data.post._id),
    ).toEqual([postId]);
    expect(strangers).not.toBe(postId);
    await authorTab.waitFor('post', ({ post }) => post._id === postId);
  });

  it('a like: the author gets the notification with the unread count and the counts; the liker gets no notification', async () => {
    const [author, fan] = [await person('liked'), await person('fan')];
    const postId = await post(author);
    const [authorStream, fanStream] = [await stream(author), await stream(fan)];
    await succeed(server, 'POST', `/api/posts/like/${postId}`, fan);
    const notified = await authorStream.waitFor('notification');
    expect(notified.data.unreadCount).toBe(1);
    expect(notified.data.notification).toMatchObject({ type: 'like', actorCount: 1, read: false });
    expect(notified.data.notification.post?._id).toBe(postId);
    expect(notified.data.notification.actors.map((actor) => actor.username)).toEqual([fan.username]);
    // The same shape as the notifications list shows.
    const [listed] = (await succeed(server, 'GET', '/api/notifications', author)).notifications;
    expect(notified.data.notification).toEqual(listed);
    const counts = await authorStream.waitFor('counts', (data) => data.postId === postId);
    expect(counts.data).toEqual({ postId, likeCount: 1, commentCount: 0, repostCount: 0 });
    // The fan sees the counts of the post they liked, and nothing about their own like.
    await fanStream.waitFor('counts', (data) => data.postId === postId);
    expect(fanStream.events.some((event) => event.event === 'notification')).toBe(false);
    // A repost moves the counts too (decision 092); the like's second may hold it back until it ends.
    await succeed(server, 'POST', `/api/posts/${postId}/repost`, fan);
    const reposted = await authorStream.waitFor('counts', (data) => data.repostCount === 1);
    expect(reposted.data).toEqual({ postId, likeCount: 1, commentCount: 0, repostCount: 1 });
  });

  it("a comment and a follow notify at once; liking one's own post notifies nobody", async () => {
    const [author, other] = [await person('commented'), await person('commenter')];
    const postId = await post(author);
    const authorStream = await stream(author);
    await succeed(server, 'POST', `/api/posts/like/${postId}`, author);
    await succeed(server, 'POST', `/api/comments/add/${postId}`, other, { commentData: { text: 'Hi' } });
    await follow(other, author);
    await authorStream.waitFor('notification', ({ notification }) => notification.type === 'follow');
    const kinds = authorStream.events.flatMap((event) =>
      event.event === 'notification' ? [event.data.notification.type] : [],
    );
    expect(kinds).toEqual(['comment', 'follow']);
    // The like and the comment came within a second: the comment's counts follow the like's, once the second is up.
    await authorStream.waitFor('counts', (data) => data.postId === postId && data.commentCount === 1);
  });

  it("a post's counts go out at once, then at most once per interval, merged", async () => {
    // 4 s: the two likes after the first land within it even on a busy machine.
    const own = await startServer(dialect, { seed: false, env: { EVENTS_COUNTS_INTERVAL_MS: '4000' } });
    try {
      const [author, ...fans] = await Promise.all(
        ['counted', 'fan', 'fan', 'fan'].map((name) => newPerson(own, name)),
      );
      const postId = (
        await succeed(own, 'POST', '/api/posts?return=post', author!, { postData: { content: 'Count me' } })
      ).post._id;
      const client = await openEventStream(own.url, author!.token);
      for (const fan of fans) await succeed(own, 'POST', `/api/posts/like/${postId}`, fan);
      await client.waitFor('counts', (data) => data.likeCount === 3);
      const sent = client.events.flatMap((event) => (event.event === 'counts' ? [event.data.likeCount] : []));
      expect(sent).toEqual([1, 3]);
      client.close();
    } finally {
      await own.close();
    }
  });

  it('at most 5 streams per user: the 6th gets 429 with a clear message; closing one frees its place', async () => {
    const me = await person('tabs');
    const streams = [];
    for (let tab = 0; tab < 5; tab += 1) streams.push(await stream(me));
    expect(streams.map((client) => client.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await stream(me);
    expect(sixth.status).toBe(429);
    expect(sixth.refusal?.errors).toEqual([expect.stringMatching(/5 live update streams open/)]);
    // Another user is not affected.
    expect((await stream(await person('other'))).status).toBe(200);
    streams[0]!.close();
    await eventuallyOpens(me);
  });

  /** Opens a stream as soon as the server lets it: it learns of a closed stream when the connection ends. */
  const eventuallyOpens = (who: Person) =>
    eventually(
      async () => {
        const client = await stream(who);
        return client.status === 200 ? client : undefined;
      },
      { what: 'a stream opening once another of the same user closed' },
    );

  describe('resuming with Last-Event-ID', () => {
    it('gets the events missed while disconnected, in order, then the live ones', async () => {
      const [author, reader] = [await person('resumed'), await person('reader')];
      await follow(reader, author);
      const first = await stream(reader);
      const before = await post(author, 'Seen live');
      await first.waitFor('post', ({ post }) => post._id === before);
      const lastEventId = first.lastEventId;
      first.close();
      const missedOne = await post(author, 'Missed one');
      const missedTwo = await post(author, 'Missed two');
      await succeed(server, 'POST', `/api/posts/like/${missedOne}`, author);

      const resumed = await stream(reader, lastEventId);
      await resumed.waitFor('post', ({ post }) => post._id === missedTwo);
      const after = await post(author, 'Live again');
      await resumed.waitFor('post', ({ post }) => post._id === after);
      const posts = resumed.events.flatMap((event) => (event.event === 'post' ? [event.data.post._id] : []));
      expect(posts).toEqual([missedOne, missedTwo, after]);
      expect(resumed.events.find((event) => event.event === 'counts')?.data).toEqual({
        postId: missedOne,
        likeCount: 1,
        commentCount: 0,
        repostCount: 0,
      });
      expect(resumed.events.some((event) => event.event === 'reset')).toBe(false);
    });

    it('an id that is unknown (too old, or from before a restart) gets a reset event', async () => {
      const me = await person('reset');
      const client = await stream(me, '1-1');
      const reset = await client.waitFor('reset');
      expect(reset.data).toEqual({});
    });

    it('a stream refused is refused before it starts; a resumed stream counts towards the cap', async () => {
      const me = await person('capped');
      for (let tab = 0; tab < 5; tab += 1) await stream(me, '1-1');
      expect((await stream(me, '1-1')).status).toBe(429);
    });
  });

  it('streams outlive the request timeout, hold no admission turn, and keep delivering', async () => {
    const own = await startServer(dialect, {
      seed: false,
      env: {
        EVENTS_HEARTBEAT_MS: '100',
        REQUEST_TIMEOUT_MS: '500',
        HEADERS_TIMEOUT_MS: '500',
        MAX_IN_FLIGHT: '2',
      },
    });
    try {
      const me = await newPerson(own, 'patient');
      // More streams than admission turns: other requests are still answered.
      const [client, ...others] = await Promise.all([1, 2, 3].map(() => openEventStream(own.url, me.token)));
      expect((await own.request('GET', '/api/posts?limit=1')).status).toBe(200);
      // Node checks for requests past their time every second: wait until well past both.
      await eventually(() => (client!.heartbeats >= 25 ? true : undefined), { what: '25 heartbeats' });
      const postId = (
        await succeed(own, 'POST', '/api/posts?return=post', me, { postData: { content: 'Still here' } })
      ).post._id;
      await client!.waitFor('post', ({ post }) => post._id === postId);
      [client!, ...others].forEach((stream) => stream.close());
    } finally {
      await own.close();
    }
  });

  it("closes a stream's connection when it ends the stream, leaving no idle connection to wait for", async () => {
    const own = await startServer(dialect, { seed: false });
    const agent = new http.Agent({ keepAlive: true });
    try {
      const me = await newPerson(own, 'ended');
      const request = http.get(`${own.url}/api/events`, {
        agent,
        headers: { authorization: `Bearer ${me.token}` },
      });
      const [response] = (await once(request, 'response')) as [http.IncomingMessage];
      expect(response.headers.connection).toBe('close');
      let socketClosed = false;
      request.socket!.once('close', () => (socketClosed = true));
      response.resume();
      // Kept alive, the ended stream's connection would wait in the agent's pool, and a shutdown that
      // had already closed the idle connections would wait for it until the keep-alive timeout.
      own.app.live.closeAll();
      await eventually(() => (socketClosed ? true : undefined), { what: "the stream's connection closed" });
    } finally {
      agent.destroy();
      await own.close();
    }
  });

  it('closes every stream when the server shuts down, without holding it', async () => {
    const own = await startServer(dialect, { seed: false });
    try {
      const me = await newPerson(own, 'shutdown');
      const client = await openEventStream(own.url, me.token);
      expect(client.status).toBe(200);
      // app.close() waits for every request in flight: it returns only because the streams end.
      await own.stop();
      await client.ended;
      await own.start();
    } finally {
      await own.close();
    }
  });
});
