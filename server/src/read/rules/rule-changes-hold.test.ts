/**
 * "A rule change holds for every request that starts after its answer" (docs/shared DESIGN, issue 37
 * item 12, docs/decisions/112): a reader's rules are warm in an app (its last read kept them), a block,
 * a mute, a filter or a suspension is answered, and the reader's very next read leaves the subject's
 * post out: on Sync's everyone's-posts page and the Mastodon API's public timeline, through the app
 * that made the change and through a second app on the same database that shares no event channel
 * with it (it is never told: only the database can say that the rules moved).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../test/expectations.js';
import {
  demoPassword,
  describeEachDatabase,
  startSecondServer,
  startServer,
  type TestServer,
} from '../../test/harness.js';
import { accessToken, bearer } from '../../test/mastodon.js';
import { newPerson, succeed, type Person } from '../../test/people.js';

/** An app the test talks to: the one it started, or a second one on the same database. */
type Instance = Pick<TestServer, 'request'>;

interface Scene {
  /** Reads; `app` is their Mastodon app's token, as an `authorization` header. */
  reader: Person & { app: string };
  /** Wrote `post`, whose text holds `word`. */
  subject: Person;
  post: string;
  word: string;
}

/** What the reader's next request finds of the subject's post, signed in and (`signedOut`) not. */
interface Seen {
  syncPosts: boolean;
  mastodonPublic: boolean;
  mastodonStatus: number;
  signedOut: boolean;
}

const changes = [
  'subject blocks reader',
  'reader blocks subject',
  'reader mutes subject',
  'reader filters word',
  'subject suspended',
] as const;
type Change = (typeof changes)[number];

/** Fresh people per case, so nothing a case left behind in a cache can stand in for what it tests. */
const pairsPerChange = 3;

describeEachDatabase('a rule change holds for the next request', (dialect) => {
  let server: TestServer;
  let second: Awaited<ReturnType<typeof startSecondServer>>;
  let owner: string;

  beforeAll(async () => {
    server = await startServer(dialect);
    second = await startSecondServer(server);
    owner = await server.login('maya.chen', demoPassword);
  }, 60_000);
  afterAll(async () => {
    await second.close();
    await server.close();
  });

  async function newScene(): Promise<Scene> {
    const [reader, subject] = await Promise.all([newPerson(server, 'hr'), newPerson(server, 'hs')]);
    const word = uniqueName('w').replace(/[^a-z0-9]/g, '');
    const post = (
      await succeed(server, 'POST', '/api/posts?return=post', subject, {
        postData: { content: `${word} says hello` },
      })
    ).post._id as string;
    return {
      reader: { ...reader, app: bearer(await accessToken(server, reader.token)) },
      subject,
      post,
      word,
    };
  }

  async function seen(instance: Instance, { reader, post }: Scene): Promise<Seen> {
    const [syncPosts, mastodonPublic, mastodonStatus, signedOut] = await Promise.all([
      instance.request('GET', '/api/posts?limit=50', { token: reader.token }),
      instance.request('GET', '/api/v1/timelines/public?limit=40', { token: reader.app }),
      instance.request('GET', `/api/v1/statuses/${post}`, { token: reader.app }),
      instance.request('GET', '/api/posts?limit=50'),
    ]);
    for (const reply of [syncPosts, mastodonPublic, signedOut]) expect(reply.status).toBe(200);
    return {
      syncPosts: syncPosts.body.posts.some((item: { _id: string }) => item._id === post),
      mastodonPublic: mastodonPublic.body.some((item: { id: string }) => item.id === post),
      mastodonStatus: mastodonStatus.status,
      signedOut: signedOut.body.posts.some((item: { _id: string }) => item._id === post),
    };
  }

  async function make(instance: Instance, change: Change, { reader, subject, word }: Scene) {
    const send = async (path: string, token: string, body?: unknown) => {
      const reply = await instance.request('POST', path, { token, body });
      expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
    };
    switch (change) {
      case 'subject blocks reader':
        return send(`/api/users/${reader.username}/block`, subject.token);
      case 'reader blocks subject':
        return send(`/api/users/${subject.username}/block`, reader.token);
      case 'reader mutes subject':
        return send(`/api/users/${subject.username}/mute`, reader.token, {});
      case 'reader filters word':
        return send('/api/filters', reader.token, {
          title: `No ${word}`,
          context: ['public'],
          action: 'hide',
          keywords: [{ keyword: word, wholeWord: true }],
        });
      case 'subject suspended':
        return send(`/api/admin/accounts/${subject.username}/actions`, owner, {
          type: 'suspend',
          text: 'rules hold',
          durationSeconds: null,
        });
    }
  }

  /** What the reader's next read must find after the change: the post is gone from the lists. */
  const expected = (change: Change): Seen => ({
    syncPosts: false,
    mastodonPublic: false,
    // Opened by itself, a muted person's post shows, and a filtered one is marked (the matrix's `post`).
    mastodonStatus: change === 'reader mutes subject' || change === 'reader filters word' ? 200 : 404,
    signedOut: change !== 'subject suspended',
  });

  const ways = [
    { name: 'through the app that read', writer: () => server, reader: () => server },
    { name: 'through another app on the database', writer: () => server, reader: () => second },
  ];

  for (const way of ways) {
    describe(way.name, () => {
      it.each(changes)('%s: the next read leaves the post out', async (change) => {
        for (let pair = 0; pair < pairsPerChange; pair += 1) {
          const scene = await newScene();
          // Warm: the reader's rules (and everyone's moderated set) are kept by the reading app.
          expect(await seen(way.reader(), scene)).toEqual({
            syncPosts: true,
            mastodonPublic: true,
            mastodonStatus: 200,
            signedOut: true,
          });
          await make(way.writer(), change, scene);
          expect(await seen(way.reader(), scene), `pair ${pair}`).toEqual(expected(change));
        }
      });
    });
  }
});
