/**
 * The Mastodon streaming API through masto.js's streaming client (a WebSocket, its subscriptions) and
 * raw WebSockets and server-sent event streams where the test looks at the frames themselves: who gets
 * `update`, `delete` and `notification`, the token's three ways in, scopes, stream places, revoked
 * tokens; then across two server processes sharing a Redis.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createRestAPIClient, type mastodon } from 'masto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../test/expectations.js';
import {
  describeEachDatabase,
  hasPostgres,
  requester,
  startServer,
  type TestServer,
} from '../../test/harness.js';
import { writeSettings } from '../../data/instance.repo.js';
import {
  accessToken,
  bearer,
  failure,
  newAppUser,
  registerApp,
  type MastodonError,
} from '../../test/mastodon.js';
import {
  openEventStream,
  openRawSocket,
  openStreamingApp,
  receivedLog,
  type StreamingApp,
} from '../../test/mastodon-streaming.js';
import { expectEntity } from '../../test/mastodon-entities.js';
import { newPerson, succeed, type Person } from '../../test/people.js';
import type { ServerProcess } from '../../test/server-process.js';
import { twoProcesses } from '../../test/two-processes.js';
import { eventually } from '../../test/wait.js';

type Event = mastodon.streaming.Event;
const updateOf = (id: string) => (event: Event) => event.event === 'update' && event.payload.id === id;

/** A person, and their Mastodon app's token. */
interface AppUser extends Person {
  mastodon: string;
}

describeEachDatabase('Mastodon API: streaming', (dialect) => {
  let server: TestServer;
  const closing: (() => void)[] = [];

  beforeAll(async () => {
    server = await startServer(dialect, { seed: false, env: { EVENTS_MAX_STREAMS_PER_USER: '3' } });
  });
  afterAll(async () => {
    closing.forEach((close) => close());
    await server.close();
  });

  const person = async (prefix: string, scopes?: string): Promise<AppUser> => {
    const someone = await newPerson(server, prefix);
    return { ...someone, mastodon: await accessToken(server, someone.token, { scopes }) };
  };
  const rest = (who: AppUser) => createRestAPIClient({ url: server.url, accessToken: who.mastodon });
  const follow = (who: Person, whom: Person) => succeed(server, 'POST', `/api/users/follow/${whom.id}`, who);
  const streamingApp = async (who: AppUser | undefined): Promise<StreamingApp> => {
    const app = await openStreamingApp(server.url, who?.mastodon);
    closing.push(app.close);
    return app;
  };
  const rawSocket = async (options: Parameters<typeof openRawSocket>[1]) => {
    const opened = await openRawSocket(server.url, options);
    if ('socket' in opened) closing.push(() => opened.socket.terminate());
    return opened;
  };
  const socketOf = (opened: Awaited<ReturnType<typeof rawSocket>>) => {
    if (!('socket' in opened)) throw new Error(`the WebSocket was refused with ${opened.refused}`);
    return opened;
  };
  const eventStream = async (streamPath: string, who?: AppUser) => {
    const stream = await openEventStream(
      server.url,
      streamPath,
      who ? { authorization: bearer(who.mastodon) } : {},
    );
    closing.push(stream.close);
    if (stream.status === 200)
      await stream.text.waitFor((part) => part.includes(':)'), 'the opening comment');
    return stream;
  };

  it('a post reaches user, public and hashtag streams as `update`, rendered as the REST API shows it', async () => {
    const [author, reader] = [await person('author'), await person('reader')];
    await follow(reader, author);
    const app = await streamingApp(reader);
    const home = await app.subscribe((client) => client.user.subscribe());
    const everyone = await app.subscribe((client) => client.public.subscribe());
    const local = await app.subscribe((client) => client.public.local.subscribe());
    const tagged = await app.subscribe((client) => client.hashtag.subscribe({ tag: 'StreamCats' }));
    const untagged = await app.subscribe((client) => client.hashtag.subscribe({ tag: 'dogs' }));

    const status = await rest(author).v1.statuses.create({ status: 'Cats, live #streamcats' });
    const asReaderSees = await rest(reader).v1.statuses.$select(status.id).fetch();
    for (const [received, stream] of [
      [home, ['user']],
      [everyone, ['public']],
      [local, ['public:local']],
      [tagged, ['hashtag', 'StreamCats']],
    ] as const) {
      const event = await received.waitFor(updateOf(status.id), `the update on ${stream.join(':')}`);
      expect(event.stream).toEqual(stream);
      expect(event.payload).toEqual(asReaderSees);
    }
    // The next post of the tag stream's own tag comes; the first one never did.
    const dogs = await rest(author).v1.statuses.create({ status: 'And #dogs' });
    await untagged.waitFor(updateOf(dogs.id), 'the #dogs post');
    expect(untagged.items.map((event) => event.payload)).toEqual([expect.objectContaining({ id: dogs.id })]);
  });

  it('a reply reaches the user streams of its author and of followers who follow the one it answers; not public streams', async () => {
    const [author, reader, stranger] = [
      await person('poster'),
      await person('follower'),
      await person('other'),
    ];
    await follow(reader, author);
    await follow(author, stranger);
    const [readerApp, strangerApp] = [await streamingApp(reader), await streamingApp(stranger)];
    const home = await readerApp.subscribe((client) => client.user.subscribe());
    const everyone = await readerApp.subscribe((client) => client.public.subscribe());
    const strangersHome = await strangerApp.subscribe((client) => client.user.subscribe());

    const post = await rest(author).v1.statuses.create({ status: 'A thread' });
    const ownReply = await rest(author).v1.statuses.create({ status: 'More of it', inReplyToId: post.id });
    const replyOfStranger = await rest(stranger).v1.statuses.create({
      status: 'Nice thread',
      inReplyToId: post.id,
    });
    const afterwards = await rest(author).v1.statuses.create({ status: 'Afterwards' });

    const event = await home.waitFor(updateOf(ownReply.id), "the author's reply at home");
    expect(event.payload).toMatchObject({ inReplyToId: post.id, inReplyToAccountId: author.id });
    await strangersHome.waitFor(updateOf(replyOfStranger.id), "the stranger's own reply at home");
    // Messages are written in the order they came: once "Afterwards" is there, nothing before it is missing.
    await home.waitFor(updateOf(afterwards.id), 'the later post at home');
    await everyone.waitFor(updateOf(afterwards.id), 'the later post on public');
    const ids = (events: Event[]) =>
      events.map((received) => received.event === 'update' && received.payload.id);
    expect(ids(home.items)).toEqual([post.id, ownReply.id, afterwards.id]);
    expect(ids(everyone.items)).toEqual([post.id, afterwards.id]);
  });

  it('a deleted post or reply is a `delete` with its id', async () => {
    const [author, reader] = [await person('deleter'), await person('watcher')];
    await follow(reader, author);
    const app = await streamingApp(reader);
    const home = await app.subscribe((client) => client.user.subscribe());
    const everyone = await app.subscribe((client) => client.public.subscribe());
    const post = await rest(author).v1.statuses.create({ status: 'Soon gone' });
    const reply = await rest(author).v1.statuses.create({ status: 'Gone too', inReplyToId: post.id });

    await rest(author).v1.statuses.$select(reply.id).remove();
    await rest(author).v1.statuses.$select(post.id).remove();
    for (const id of [reply.id, post.id]) {
      await home.waitFor((event) => event.event === 'delete' && event.payload === id, `the delete of ${id}`);
    }
    const deleted = await everyone.waitFor(
      (event) => event.event === 'delete' && event.payload === post.id,
      'the delete',
    );
    expect(deleted.stream).toEqual(['public']);
  });

  it('an edited post is a `status.update`', async () => {
    const [author, reader] = [await person('editor'), await person('reading')];
    await follow(reader, author);
    const home = await (await streamingApp(reader)).subscribe((client) => client.user.subscribe());
    const status = await rest(author).v1.statuses.create({ status: 'First words' });
    await succeed(server, 'POST', `/api/posts/edit/${status.id}`, author, {
      postData: { content: 'Better words' },
    });
    const edited = await home.waitFor(
      (event) => event.event === 'status.update' && event.payload.id === status.id,
      'the edit',
    );
    expect(edited.payload).toMatchObject({ content: '<p>Better words</p>', editedAt: expect.any(String) });
  });

  it('a report filed is an `admin.report` notification to a moderator, with the report', async () => {
    const [moderator, reporter, target] = [
      await person('mod'),
      await person('reporter'),
      await person('target'),
    ];
    await server.database.db
      .updateTable('users')
      .set({ role: 'moderator' })
      .where('account_id', '=', moderator.id)
      .execute();
    const app = await streamingApp(moderator);
    const notifications = await app.subscribe((client) => client.user.notification.subscribe());
    const report = await rest(reporter).v1.reports.create({ accountId: target.id, category: 'spam' });
    const told = (event: Event) => event.event === 'notification' && event.payload.type === 'admin.report';
    const event = await notifications.waitFor(told, 'the admin.report notification');
    if (event.event !== 'notification') throw new Error('not a notification');
    expect(event.payload).toMatchObject({
      type: 'admin.report',
      account: { id: reporter.id },
      report: { id: report.id, targetAccount: { id: target.id } },
    });
  });

  it('a like is a `notification` to the author, on `user:notification` and on `user`', async () => {
    const [author, fan] = [await person('liked'), await person('fan')];
    const app = await streamingApp(author);
    const notifications = await app.subscribe((client) => client.user.notification.subscribe());
    const home = await app.subscribe((client) => client.user.subscribe());
    const status = await rest(author).v1.statuses.create({ status: 'Like this' });

    await rest(fan).v1.statuses.$select(status.id).favourite();
    const liked = (event: Event) => event.event === 'notification' && event.payload.type === 'favourite';
    const event = await notifications.waitFor(liked, 'the notification');
    expect(event.stream).toEqual(['user:notification']);
    if (event.event !== 'notification') throw new Error('not a notification');
    expect(event.payload).toMatchObject({
      type: 'favourite',
      account: { id: fan.id, username: fan.username },
      status: { id: status.id, favouritesCount: 1 },
    });
    expect(event.payload.createdAt).toMatch(/\.\d{3}Z$/);
    await home.waitFor(liked, 'the notification on user');
  });

  it('the token as the WebSocket protocol is named back; as `access_token`, with `?stream=`, it subscribes at once', async () => {
    const [author, reader] = [await person('writer'), await person('raw')];
    await follow(reader, author);
    const byProtocol = socketOf(await rawSocket({ protocols: [reader.mastodon] }));
    expect(byProtocol.socket.protocol).toBe(reader.mastodon);
    byProtocol.socket.send(JSON.stringify({ type: 'subscribe', stream: 'user' }));
    byProtocol.socket.ping();
    await once(byProtocol.socket, 'pong');
    const byQuery = socketOf(await rawSocket({ query: { access_token: reader.mastodon, stream: 'user' } }));

    const status = await rest(author).v1.statuses.create({ status: 'Raw frames' });
    for (const { frames } of [byProtocol, byQuery]) {
      const frame = await frames.waitFor((received) => received.event === 'update', 'the update frame');
      expect(Object.keys(frame).sort()).toEqual(['event', 'payload', 'stream']);
      expect(frame.stream).toEqual(['user']);
      expect(typeof frame.payload).toBe('string');
      expect(JSON.parse(frame.payload!)).toMatchObject({ id: status.id, content: '<p>Raw frames</p>' });
      expectEntity('Status', JSON.parse(frame.payload!));
    }
    const own = await rest(reader).v1.statuses.create({ status: 'Mine' });
    await rest(author).v1.statuses.$select(own.id).favourite();
    const notified = await byQuery.frames.waitFor(
      (received) => received.event === 'notification',
      'the notification frame',
    );
    expect(JSON.parse(notified.payload!)).toMatchObject({ type: 'favourite', status: { id: own.id } });
    expectEntity('Notification', JSON.parse(notified.payload!));
    await rest(author).v1.statuses.$select(status.id).remove();
    const deleted = await byQuery.frames.waitFor(
      (received) => received.event === 'delete',
      'the delete frame',
    );
    expect(deleted).toEqual({ stream: ['user'], event: 'delete', payload: status.id });
  });

  it('server-sent events: `/user` with the Authorization header, `/public` and `/hashtag` without a token', async () => {
    const [author, reader] = [await person('sse'), await person('ssereader')];
    await follow(reader, author);
    const home = await eventStream('/api/v1/streaming/user', reader);
    expect(home.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(home.headers['access-control-allow-origin']).toBe('*');
    const anonymous = await eventStream('/api/v1/streaming/public');
    const tagged = await eventStream('/api/v1/streaming/hashtag/local?tag=Streamed');
    const byQuery = await openEventStream(
      server.url,
      `/api/v1/streaming/user?access_token=${reader.mastodon}`,
    );
    closing.push(byQuery.close);
    expect(byQuery.status).toBe(200);
    await byQuery.text.waitFor((part) => part.includes(':)'), 'the opening comment');

    const status = await rest(author).v1.statuses.create({ status: 'Over SSE #streamed' });
    for (const stream of [home, anonymous, tagged, byQuery]) {
      const event = await stream.events.waitFor(
        (received) => received.event === 'update' && JSON.parse(received.data).id === status.id,
        'the update event',
      );
      expect(JSON.parse(event.data)).toMatchObject({ content: expect.stringContaining('Over SSE') });
      expectEntity('Status', JSON.parse(event.data));
    }
    // Signed out, a status has no viewer fields; signed in, it has.
    const [signedOut, signedIn] = [anonymous, home].map((stream) =>
      JSON.parse(stream.events.items.find((received) => received.event === 'update')!.data),
    );
    expect(signedOut).not.toHaveProperty('favourited');
    expect(signedIn).toMatchObject({ favourited: false, bookmarked: false });
  });

  it('health says OK; a plain request to the WebSocket path is a 404', async () => {
    const health = await fetch(`${server.url}/api/v1/streaming/health`);
    expect(health.status).toBe(200);
    expect(await health.text()).toBe('OK');
    const plain = await server.request<MastodonError>('GET', '/api/v1/streaming');
    expect(plain.status).toBe(404);
    expect(plain.body.error).toEqual(expect.any(String));
  });

  it('an unknown token is refused with 401, whichever way it comes', async () => {
    expect(await rawSocket({ protocols: ['not-a-token'] })).toEqual({ refused: 401 });
    expect(await rawSocket({ query: { access_token: 'not-a-token', stream: 'public' } })).toEqual({
      refused: 401,
    });
    for (const streamPath of ['/api/v1/streaming/user', '/api/v1/streaming/public']) {
      const reply = await server.request('GET', streamPath, { token: bearer('not-a-token') });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ error: 'The access token is invalid' });
    }
  });

  it('a person waiting to confirm their address or for approval is refused (403) as the REST API refuses them', async () => {
    // Signed up under `optional` confirmation, its address never confirmed.
    const signedUp = await newPerson(server, 'unconfirmed', { email: `${uniqueName('mail')}@example.org` });
    const unconfirmed = { ...signedUp, mastodon: await accessToken(server, signedUp.token) };
    const pending = await person('pending');
    // Set as a moderator's queue and the admin's settings would (this server has no seeded admin).
    const db = server.database.db;
    const now = new Date().toISOString();
    await db.updateTable('users').set({ pending_since: now }).where('account_id', '=', pending.id).execute();
    await writeSettings(db, { email_confirmation: 'required' }, now);
    try {
      for (const [who, error] of [
        [unconfirmed, 'Your login is missing a confirmed e-mail address'],
        [pending, 'Your login is currently pending approval'],
      ] as const) {
        expect(await failure(rest(who).v1.accounts.verifyCredentials())).toEqual({ status: 403, error });
        expect(await rawSocket({ protocols: [who.mastodon] })).toEqual({ refused: 403 });
        for (const streamPath of ['/api/v1/streaming/user', '/api/v1/streaming/public']) {
          const reply = await server.request('GET', streamPath, { token: bearer(who.mastodon) });
          expect(reply).toMatchObject({ status: 403, body: { error } });
        }
      }
    } finally {
      await writeSettings(db, { email_confirmation: 'optional' }, new Date().toISOString());
    }
    expect((await eventStream('/api/v1/streaming/user', unconfirmed)).status).toBe(200);
  });

  it('personal streams need a token with their scope; public ones need none', async () => {
    const [writer, notified] = [
      await person('scopeless', 'write'),
      await person('notified', 'read:notifications'),
    ];
    const missing = await server.request('GET', '/api/v1/streaming/user');
    expect(missing).toMatchObject({ status: 401, body: { error: 'Missing access token' } });
    const outside = { status: 401, body: { error: 'Access token does not have the required scopes' } };
    expect(
      await server.request('GET', '/api/v1/streaming/user', { token: bearer(writer.mastodon) }),
    ).toMatchObject(outside);
    expect(
      await server.request('GET', '/api/v1/streaming/user/notification', { token: bearer(writer.mastodon) }),
    ).toMatchObject(outside);
    expect((await eventStream('/api/v1/streaming/user/notification', notified)).status).toBe(200);
    expect((await eventStream('/api/v1/streaming/public', writer)).status).toBe(200);

    const socket = socketOf(await rawSocket({ protocols: [writer.mastodon] }));
    for (const [message, error] of [
      [
        { type: 'subscribe', stream: 'user' },
        { error: 'Access token does not have the required scopes', status: 401 },
      ],
      [
        { type: 'subscribe', stream: 'timeline' },
        { error: 'Unknown stream type', status: 400 },
      ],
      [
        { type: 'subscribe', stream: 'hashtag' },
        { error: 'No tag for stream provided', status: 400 },
      ],
    ] as const) {
      socket.socket.send(JSON.stringify(message));
      await socket.frames.waitFor((frame) => frame.error === error.error, error.error);
    }
    expect(socket.frames.items).toEqual([
      { error: 'Access token does not have the required scopes', status: 401 },
      { error: 'Unknown stream type', status: 400 },
      { error: 'No tag for stream provided', status: 400 },
    ]);
  });

  it("a revoked token or a password change ends the person's streams", async () => {
    const sessionOwner = await newPerson(server, 'revoked');
    const app = await registerApp(server);
    const revoked = await accessToken(server, sessionOwner.token, { app });
    const kept = await accessToken(server, sessionOwner.token);
    const [revokedApp, keptApp] = [
      await openStreamingApp(server.url, revoked),
      await openStreamingApp(server.url, kept),
    ];
    closing.push(revokedApp.close, keptApp.close);
    const revokedStream = await openEventStream(server.url, '/api/v1/streaming/user', {
      authorization: bearer(revoked),
    });
    closing.push(revokedStream.close);

    const revocation = await server.request('POST', '/oauth/revoke', {
      body: { client_id: app.client_id, client_secret: app.client_secret, token: revoked },
    });
    expect(revocation.status).toBe(200);
    await Promise.all([revokedApp.closed, revokedStream.ended]);

    await succeed(server, 'POST', '/api/account/password', sessionOwner, {
      currentPassword: 'password123',
      newPassword: 'password456',
    });
    await keptApp.closed;
  });

  it("a person's streams take places among their streams (3 here); anonymous ones do not", async () => {
    const me = await person('places');
    const first = socketOf(await rawSocket({ protocols: [me.mastodon] }));
    socketOf(await rawSocket({ protocols: [me.mastodon] }));
    expect((await eventStream('/api/v1/streaming/user', me)).status).toBe(200);
    expect(await rawSocket({ protocols: [me.mastodon] })).toEqual({ refused: 429 });
    const refused = await server.request<MastodonError>('GET', '/api/v1/streaming/public', {
      token: bearer(me.mastodon),
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/3 live update streams/);
    socketOf(await rawSocket({})); // no token: no place taken

    first.socket.close();
    const reopened = await eventually(async () => {
      const opened = await rawSocket({ protocols: [me.mastodon] });
      return 'socket' in opened ? opened : undefined;
    });
    expect(reopened.socket.protocol).toBe(me.mastodon);
  });
});

/**
 * A Python that has Mastodon.py: Debian's python3-mastodon is in the system's Python, which a Python
 * of the user's (pyenv's `python3`) may come before on the PATH.
 */
const mastodonPython = ['python3', '/usr/bin/python3'].find(
  (python) => spawnSync(python, ['-c', 'import mastodon']).status === 0,
);
if (!mastodonPython) {
  console.warn(
    'Mastodon.py is not installed: its streaming test is skipped (apt-get install -y python3-mastodon).',
  );
}

/**
 * Mastodon.py (1.8, Debian's python3-mastodon) reading one stream: prints `heartbeat <n>` for each comment
 * line and `update <id>` for each update, and exits 0 at the update whose text has the marker (a stream
 * may carry an earlier test's post first); any error it raises ends it otherwise.
 */
const mastodonPyStream = `
import sys
from mastodon import Mastodon, StreamListener
url, token, stream, marker = sys.argv[1], sys.argv[2] or None, sys.argv[3], sys.argv[4]

class Listener(StreamListener):
    heartbeats = 0

    def handle_heartbeat(self):
        self.heartbeats += 1
        print("heartbeat", self.heartbeats, flush=True)

    def on_update(self, status):
        print("update", status["id"], flush=True)
        if marker in status["content"]:
            sys.exit(0)

client = Mastodon(api_base_url=url, access_token=token, version_check_mode="none")
getattr(client, "stream_" + stream)(Listener())
`;

/** Mastodon.py's stream `stream` (`user`, `public`) in a process of its own: its output, and its exit. */
function runMastodonPyStream(url: string, token: string, stream: string, marker: string) {
  const python = spawn(mastodonPython ?? 'python3', ['-c', mastodonPyStream, url, token, stream, marker]);
  const lines = receivedLog<string>();
  let stderr = '';
  // By whole lines: one print may reach the pipe in several writes ("update", then " <id>\n").
  createInterface({ input: python.stdout }).on('line', lines.add);
  python.stderr.on('data', (part: Buffer) => (stderr += String(part)));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    python.once('close', (code) => {
      lines.end(`Mastodon.py exited with ${code}: ${stderr}`);
      resolve({ code, stderr });
    }),
  );
  return { lines, exited, kill: () => python.kill() };
}

describe('Mastodon API: streaming heartbeats', () => {
  let server: TestServer;
  const closing: (() => void)[] = [];
  beforeAll(async () => {
    server = await startServer('sqlite', { seed: false, env: { EVENTS_HEARTBEAT_MS: '100' } });
  });
  afterAll(async () => {
    closing.forEach((close) => close());
    await server.close();
  });

  it('an event stream gets `:thump` comments; a WebSocket gets pings', async () => {
    const stream = await openEventStream(server.url, '/api/v1/streaming/public');
    await stream.text.waitFor((part) => part.includes(':thump'), 'a heartbeat');
    stream.close();
    const opened = await openRawSocket(server.url, {});
    if (!('socket' in opened)) throw new Error('refused');
    await once(opened.socket, 'ping');
    opened.socket.terminate();
  });

  it("an event stream is framed as Mastodon's: `:)` and `:thump` comment lines with no blank line, events ended by one", async () => {
    const author = await newAppUser(server, 'framed');
    const stream = await openEventStream(server.url, '/api/v1/streaming/public');
    closing.push(stream.close);
    const received = () => stream.text.items.join('');
    await eventually(() => (received().includes(':thump\n') ? true : undefined), { what: 'a heartbeat' });
    const status = await author.app.v1.statuses.create({ status: 'Framed as Mastodon frames it' });
    const event = await stream.events.waitFor((item) => item.event === 'update', 'the update');
    expect(JSON.parse(event.data)).toMatchObject({ id: status.id });
    expect(received()).toMatch(/^:\)\n(:thump\n)+event: update\ndata: \{[^\n]*\}\n\n(:thump\n)*$/);
  });

  it.skipIf(!mastodonPython)(
    "Mastodon.py's stream_user and stream_public read the opening, the heartbeats and an update",
    async () => {
      const [author, reader] = [await newAppUser(server, 'pyauthor'), await newAppUser(server, 'pyreader')];
      await succeed(server, 'POST', `/api/users/follow/${author.id}`, reader);
      const marker = 'Read by Mastodon.py';
      const readers = [
        runMastodonPyStream(server.url, reader.accessToken, 'user', marker),
        runMastodonPyStream(server.url, '', 'public', marker),
      ];
      closing.push(...readers.map((python) => python.kill));
      // The opening and at least one `:thump` reached each as heartbeats, and neither stream died of them.
      for (const python of readers) {
        await python.lines.waitFor((line) => line === 'heartbeat 2', "Mastodon.py's second heartbeat");
      }
      const status = await author.app.v1.statuses.create({ status: marker });
      for (const python of readers) {
        await python.lines.waitFor(
          (line) => line === `update ${status.id}`,
          'the update, as Mastodon.py read it',
        );
        expect(await python.exited).toEqual({ code: 0, stderr: '' });
      }
    },
  );
});

/**
 * Two server processes on separate ports, one PostgreSQL database and one Redis of the test's own: what
 * several machines of one deployment share (as platform/live/two-processes.test.ts).
 */
(hasPostgres ? describe : describe.skip)(
  'Mastodon streaming across two processes (PostgreSQL, Redis)',
  () => {
    const processes = twoProcesses('streaming');
    let a: ServerProcess;
    let b: ServerProcess;
    beforeAll(() => {
      ({ a, b } = processes);
    });
    const closing: (() => void)[] = [];
    afterAll(() => closing.forEach((close) => close()));

    const onA = { request: requester(() => a.url) };
    const person = async (prefix: string) => {
      const signup = await onA.request('POST', '/api/auth/signup', {
        body: { username: uniqueName(prefix), password: 'password123', firstName: 'Test', lastName: 'User' },
      });
      expect(signup.status).toBe(201);
      const { encodedToken: token, createdUser } = signup.body;
      return { token, id: createdUser._id as string, mastodon: await accessToken(onA, token) };
    };

    it('a post written through A reaches Mastodon WebSockets on B: the follower at home, anyone on public', async () => {
      const [author, follower] = [await person('author'), await person('follower')];
      expect(
        (await onA.request('POST', `/api/users/follow/${author.id}`, { token: follower.token })).status,
      ).toBe(200);
      const [followerOnB, anonymousOnB] = [
        await openStreamingApp(b.url, follower.mastodon),
        await openStreamingApp(b.url, undefined),
      ];
      closing.push(followerOnB.close, anonymousOnB.close);
      const home = await followerOnB.subscribe((client) => client.user.subscribe());
      const everyone = await anonymousOnB.subscribe((client) => client.public.subscribe());

      const status = await createRestAPIClient({
        url: a.url,
        accessToken: author.mastodon,
      }).v1.statuses.create({
        status: 'Written on A',
      });
      const atHome = await home.waitFor(updateOf(status.id), 'the update at home on B');
      expect(atHome.payload).toMatchObject({
        content: '<p>Written on A</p>',
        url: `${b.url}/post/${status.id}`,
      });
      expect(atHome.payload).toHaveProperty('favourited', false);
      const onPublic = await everyone.waitFor(updateOf(status.id), 'the update on public on B');
      expect(onPublic.payload).not.toHaveProperty('favourited');
    });
  },
);
