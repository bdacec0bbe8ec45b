import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type EventStreamClient } from '../../test/event-stream-client.js';
import { uniqueName } from '../../test/expectations.js';
import { hasPostgres, requester } from '../../test/harness.js';
import { accessToken, bearer } from '../../test/mastodon.js';
import type { RedisProcess } from '../../test/redis-process.js';
import type { ServerProcess } from '../../test/server-process.js';
import { twoProcesses, waitForEventsHealth } from '../../test/two-processes.js';
import { eventually } from '../../test/wait.js';

interface Person {
  token: string;
  id: string;
}

/**
 * Two server processes on separate ports, one PostgreSQL database and one Redis of the test's own:
 * what several machines of one deployment share.
 */
(hasPostgres ? describe : describe.skip)('live events across two processes (PostgreSQL, Redis)', () => {
  const processes = twoProcesses('events', {
    // Far longer than any test: only the event channel can make B drop a user it read a moment ago.
    VIEWER_CACHE_MS: '600000',
  });
  let a: ServerProcess;
  let b: ServerProcess;
  let redis: RedisProcess;
  beforeAll(() => {
    ({ a, b, redis } = processes);
  });
  const opened: EventStreamClient[] = [];
  afterAll(() => opened.forEach((stream) => stream.close()));

  const call = async (
    server: ServerProcess,
    method: string,
    urlPath: string,
    who?: Person,
    body?: unknown,
  ) => {
    const response = await fetch(server.url + urlPath, {
      method,
      headers: {
        ...(who ? { authorization: who.token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json();
    expect(response.status, `${method} ${urlPath}: ${JSON.stringify(answer)}`).toBeLessThan(300);
    return answer;
  };
  const person = async (prefix: string): Promise<Person> => {
    const answer = await call(a, 'POST', '/api/auth/signup', undefined, {
      username: uniqueName(prefix),
      password: 'password123',
      firstName: 'Test',
      lastName: 'User',
    });
    return { token: answer.encodedToken, id: answer.createdUser._id };
  };
  const stream = async (server: ServerProcess, who: Person, lastEventId?: string) => {
    const client = await openEventStream(server.url, who.token, { lastEventId });
    opened.push(client);
    return client;
  };
  const post = async (server: ServerProcess, author: Person, content: string) =>
    (await call(server, 'POST', '/api/posts?return=post', author, { postData: { content } })).post
      ._id as string;

  it('a post through A reaches a follower on B within 1 s; a like through A reaches the author on B', async () => {
    const [author, follower] = [await person('author'), await person('follower')];
    await call(a, 'POST', `/api/users/follow/${author.id}`, follower);
    const [followerOnB, authorOnB] = [await stream(b, follower), await stream(b, author)];
    // The first event after start-up warms B's code paths and caches; the next one is timed.
    const warmUp = await post(a, author, 'Warming up');
    await followerOnB.waitFor('post', ({ post }) => post._id === warmUp);
    const postId = await post(a, author, 'Across processes');
    await followerOnB.waitFor('post', ({ post }) => post._id === postId, { timeoutMs: 1000 });

    await call(a, 'POST', `/api/posts/like/${postId}`, follower);
    const notified = await authorOnB.waitFor(
      'notification',
      ({ notification }) => notification.type === 'like',
    );
    expect(notified.data.unreadCount).toBe(2); // the follow, then the like
    expect(notified.data.notification.post?._id).toBe(postId);
    await authorOnB.waitFor('counts', (data) => data.postId === postId && data.likeCount === 1);
  });

  const status = async (server: ServerProcess, urlPath: string, token: string) =>
    (await fetch(server.url + urlPath, { headers: { authorization: token } })).status;
  const changePassword = async (server: ServerProcess, who: Person): Promise<string> =>
    (
      await call(server, 'POST', '/api/account/password', who, {
        currentPassword: 'password123',
        newPassword: 'a-new-password',
      })
    ).encodedToken;

  it('a password change through A ends the old token on B (its open stream, and reads though B read the user just before)', async () => {
    const changer = await person('changer');
    expect(await status(b, '/api/notifications?limit=1', changer.token)).toBe(200);
    const openOnB = await stream(b, changer);
    const fresh = await changePassword(a, changer);
    await openOnB.ended;
    await eventually(
      async () => (await status(b, '/api/notifications?limit=1', changer.token)) === 401 || undefined,
      {
        timeoutMs: 5000,
        what: 'B refusing the old token',
      },
    );
    expect(await status(b, '/api/notifications?limit=1', fresh)).toBe(200);
  });

  it("a follow through A shows in the author's account on B's Mastodon timeline, though B kept it (follow-changed)", async () => {
    const [author, reader, fan] = [await person('followed'), await person('timeline'), await person('fan')];
    await call(a, 'POST', `/api/users/follow/${author.id}`, reader);
    await post(a, author, "A post showing its author's account");
    const token = bearer(await accessToken({ request: requester(() => b.url) }, reader.token));
    const followersOnB = async () => {
      const response = await fetch(`${b.url}/api/v1/timelines/home`, { headers: { authorization: token } });
      const [status] = await response.json();
      return status.account.followers_count as number;
    };
    expect(await followersOnB()).toBe(1);
    await call(a, 'POST', `/api/users/follow/${author.id}`, fan);
    await eventually(async () => (await followersOnB()) === 2 || undefined, {
      timeoutMs: 5000,
      what: "B's timeline showing the new follower",
    });
  });

  it("a profile change through A shows at once on A and B, on both APIs, though each kept the author's summary and account", async () => {
    const [author, reader] = [await person('renamed'), await person('onlooker')];
    await call(a, 'POST', `/api/users/follow/${author.id}`, reader);
    const postId = await post(a, author, 'A post showing who wrote it');
    const readerOn = new Map(
      await Promise.all(
        [a, b].map(async (server) => {
          const token = bearer(await accessToken({ request: requester(() => server.url) }, reader.token));
          return [server, token] as const;
        }),
      ),
    );
    const authorOnA = bearer(await accessToken({ request: requester(() => a.url) }, author.token));
    const json = async (server: ServerProcess, urlPath: string, authorization?: string) => {
      const response = await fetch(server.url + urlPath, { headers: authorization ? { authorization } : {} });
      expect(response.status, urlPath).toBe(200);
      return response.json();
    };
    // What a server shows of the author: Sync's feed signed in and out, Mastodon's home and public timelines.
    const seenOn = async (server: ServerProcess) => {
      const ownPost = (posts: { _id: string; firstName: string; avatarURL: string }[]) =>
        posts.find((candidate) => candidate._id === postId)!;
      const ownStatus = (statuses: { id: string; account: { display_name: string; avatar: string } }[]) =>
        statuses.find((candidate) => candidate.id === postId)!.account;
      const signedIn = ownPost((await json(server, '/api/posts?limit=20', reader.token)).posts);
      const signedOut = ownPost((await json(server, '/api/posts?limit=20')).posts);
      const home = ownStatus(await json(server, '/api/v1/timelines/home', readerOn.get(server)));
      const publicTimeline = ownStatus(await json(server, '/api/v1/timelines/public'));
      return [
        [signedIn.firstName, signedIn.avatarURL],
        [signedOut.firstName, signedOut.avatarURL],
        [home.display_name, home.avatar],
        [publicTimeline.display_name, publicTimeline.avatar],
      ];
    };
    // Read twice: the second answers come from what each server keeps.
    for (const server of [a, b]) {
      await seenOn(server);
      expect((await seenOn(server)).map(([name]) => name)).toEqual([
        'Test',
        'Test',
        'Test User',
        'Test User',
      ]);
    }

    const avatarURL = `https://example.com/${uniqueName('avatar')}.png`;
    await call(a, 'POST', '/api/users/edit?return=minimal', author, { updatedUserData: { avatarURL } });
    const renamed = await fetch(`${a.url}/api/v1/accounts/update_credentials`, {
      method: 'PATCH',
      headers: { authorization: authorOnA, 'content-type': 'application/json' },
      body: JSON.stringify({ display_name: 'Renamed Author' }),
    });
    expect(renamed.status).toBe(200);
    // At once: no message is waited for, each page reads the versions of the people it shows.
    for (const server of [a, b]) {
      expect(await seenOn(server), server === a ? 'A' : 'B').toEqual([
        ['Renamed', avatarURL],
        ['Renamed', avatarURL],
        ['Renamed Author', avatarURL],
        ['Renamed Author', avatarURL],
      ]);
    }
  });

  it('the 6th stream of one user across A and B is refused; a closed one frees its place everywhere', async () => {
    const me = await person('tabs');
    const open = [
      await stream(a, me),
      await stream(b, me),
      await stream(a, me),
      await stream(b, me),
      await stream(a, me),
    ];
    expect(open.map((client) => client.status)).toEqual([200, 200, 200, 200, 200]);
    for (const server of [a, b]) {
      const refused = await stream(server, me);
      expect(refused.status).toBe(429);
      expect(refused.refusal?.errors[0]).toMatch(/5 live update streams/);
    }
    open[0]!.close();
    const reopened = await eventually(async () => {
      const client = await stream(b, me);
      return client.status === 200 ? client : undefined;
    });
    expect(reopened.status).toBe(200);
  });

  it('a stream cut from A resumes on B with Last-Event-ID and gets what it missed', async () => {
    const [author, reader] = [await person('writer'), await person('reader')];
    await call(b, 'POST', `/api/users/follow/${author.id}`, reader);
    const onA = await stream(a, reader);
    const seen = await post(a, author, 'Seen on A');
    await onA.waitFor('post', ({ post }) => post._id === seen);
    const lastEventId = onA.lastEventId;
    onA.close();
    // The author's own stream on B shows when B has read the message from the shared stream.
    const watcher = await stream(b, author);
    const missed = await post(a, author, 'Missed while away');
    await watcher.waitFor('post', ({ post }) => post._id === missed);

    const onB = await stream(b, reader, lastEventId);
    await onB.waitFor('post', ({ post }) => post._id === missed);
    expect(onB.events.some((event) => event.event === 'reset')).toBe(false);
    expect(onB.events.filter((event) => event.event === 'post').map((event) => event.data.post._id)).toEqual([
      missed,
    ]);
  });

  it('Redis stopped mid-stream: both servers keep answering, health says so, streams close; back again, they deliver', async () => {
    const [author, follower, unheard] = [
      await person('outage'),
      await person('patient'),
      await person('unheard'),
    ];
    await call(a, 'POST', `/api/users/follow/${author.id}`, follower);
    const [onA, onB] = [await stream(a, follower), await stream(b, follower)];

    await redis.kill();
    await Promise.all([onA.ended, onB.ended]);
    await Promise.all([waitForEventsHealth(a, 'unavailable'), waitForEventsHealth(b, 'unavailable')]);
    for (const server of [a, b]) {
      expect((await call(server, 'GET', '/api/posts?limit=1')).posts).toBeDefined();
      const refused = await openEventStream(server.url, follower.token);
      expect(refused.status).toBe(503);
      expect(refused.refusal?.errors[0]).toMatch(/Live updates are paused/);
    }
    // Writes still work; their events are lost, and the clients refetch when they reconnect.
    await post(a, author, 'Written during the outage');
    // Nor does B hear that a password changed: it reads the user for every request meanwhile.
    expect(await status(b, '/api/notifications?limit=1', unheard.token)).toBe(200);
    await changePassword(a, unheard);
    expect(await status(b, '/api/notifications?limit=1', unheard.token)).toBe(401);

    await redis.start();
    await Promise.all([waitForEventsHealth(a, 'ok'), waitForEventsHealth(b, 'ok')]);
    // The ids held before the outage are forgotten: the client is told to refetch.
    const again = await eventually(async () => {
      const client = await openEventStream(b.url, follower.token, { lastEventId: onB.lastEventId ?? '1-1' });
      opened.push(client);
      return client.status === 200 ? client : undefined;
    });
    await again.waitFor('reset');
    const postId = await post(a, author, 'After the outage');
    await again.waitFor('post', ({ post }) => post._id === postId);
  });
});
