import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../data/database.js';
import { counterMismatches } from '../../test/counters.js';
import { openEventStream, type EventStreamClient } from '../../test/event-stream-client.js';
import { createTestDatabase, hasPostgres, requester } from '../../test/harness.js';
import { spawnServer, type ServerProcess } from '../../test/server-process.js';
import { eventually } from '../../test/wait.js';

/** A GET on a connection of its own, so the cluster hands it to the next worker in turn. */
function getOnNewConnection(url: string): Promise<{ status: number; worker: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            worker: response.headers['x-sync-worker']?.toString(),
          }),
        );
      })
      .on('error', reject);
  });
}

async function workersAnswering(url: string): Promise<Set<string>> {
  const answers = await Promise.all(
    Array.from({ length: 12 }, () => getOnNewConnection(`${url}/api/health`)),
  );
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  return new Set(answers.map((answer) => answer.worker ?? 'none'));
}

function childPids(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none.
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A request to the server at `url` that must succeed: its body, typed by the route (test/answers.ts). */
async function call<Method extends string, Url extends string>(
  url: string,
  method: Method,
  urlPath: Url,
  token?: string,
  body?: unknown,
) {
  const reply = await requester(() => url)(method, urlPath, { token, body });
  if (reply.status >= 300)
    throw new Error(`${method} ${urlPath}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

interface Storage {
  env: Record<string, string>;
  dispose(): Promise<void>;
}

const storages = {
  sqlite: async (): Promise<Storage> => ({ env: {}, dispose: async () => undefined }),
  async postgres(): Promise<Storage> {
    const database = await createTestDatabase();
    return { env: { DATABASE_URL: database.url }, dispose: database.drop };
  },
};

const clients = 40;

for (const dialect of ['sqlite', 'postgres'] as const) {
  const run = dialect === 'postgres' && !hasPostgres ? describe.skip : describe;
  // The compiled server, as `npm start` runs it, with two workers on a fresh data folder.
  run(`WORKERS=2 [${dialect}]`, () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-workers-'));
    let storage: Storage;
    let server: ServerProcess;
    beforeAll(async () => {
      storage = await storages[dialect]();
      server = await spawnServer({ ...storage.env, DATA_DIR: dataDir, WORKERS: '2', LOG_LEVEL: 'info' });
    });
    afterAll(async () => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await storage.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('prepares the data once and answers from two processes', async () => {
      expect(
        await eventually(async () => ((await workersAnswering(server.url)).size === 2 ? true : undefined)),
      ).toBe(true);
      expect(childPids(server.child.pid!)).toHaveLength(2);
      const started = await eventually(() =>
        server.output().includes('Sync is running at') ? server.output() : undefined,
      );
      expect(started.match(/Sync is running at/g)).toHaveLength(1);
      expect(started).toContain('demo data loaded, 2 workers');
    });

    it('takes a mixed write load from many connections with no error and exact counts', async () => {
      const tag = `w${Date.now().toString(36)}`;
      const people = await Promise.all(
        Array.from({ length: clients }, async (_, index) => {
          const signup = await call(server.url, 'POST', '/api/auth/signup', undefined, {
            username: `${tag}${index}`,
            password: 'password123',
            firstName: 'Worker',
            lastName: `Load${index}`,
          });
          const token = signup.encodedToken as string;
          const posts: string[] = [];
          for (const round of [0, 1]) {
            const created = await call(server.url, 'POST', '/api/posts?return=post', token, {
              postData: { content: `post ${round} by client ${index}` },
            });
            posts.push(created.post._id);
          }
          return { token, id: signup.createdUser._id as string, posts };
        }),
      );
      // Each client follows the next three, likes five posts of others and comments on two.
      await Promise.all(
        people.map(async (person, index) => {
          const other = (offset: number) => people[(index + offset) % clients]!;
          for (const offset of [1, 2, 3]) {
            await call(
              server.url,
              'POST',
              `/api/users/follow/${other(offset).id}?return=minimal`,
              person.token,
            );
          }
          for (const offset of [1, 2, 3, 4, 5]) {
            await call(
              server.url,
              'POST',
              `/api/posts/like/${other(offset).posts[0]}?return=minimal`,
              person.token,
            );
          }
          for (const offset of [1, 2]) {
            await call(
              server.url,
              'POST',
              `/api/comments/add/${other(offset).posts[1]}?return=minimal`,
              person.token,
              {
                commentData: { text: `a comment from client ${index}` },
              },
            );
          }
        }),
      );

      const database = openDatabase({ databaseUrl: storage.env.DATABASE_URL, dataDir });
      try {
        const posts = await database.db
          .selectFrom('posts')
          .select(['id', 'like_count', 'comment_count'])
          .where(
            'id',
            'in',
            people.flatMap((person) => person.posts),
          )
          .execute();
        expect(posts).toHaveLength(clients * 2);
        const firstPosts = new Set(people.map((person) => person.posts[0]));
        for (const post of posts) {
          // Every first post got five likes, every second post two comments.
          expect([post.like_count, post.comment_count]).toEqual(firstPosts.has(post.id) ? [5, 0] : [0, 2]);
        }
        const users = await database.db
          .selectFrom('accounts')
          .innerJoin('users', 'users.account_id', 'accounts.id')
          .select(['follower_count', 'following_count'])
          .where('username', 'like', `${tag}%`)
          .execute();
        expect(users.map((user) => [user.follower_count, user.following_count])).toEqual(
          users.map(() => [3, 3]),
        );
        expect(await counterMismatches(database.db)).toEqual([]);
      } finally {
        await database.db.destroy();
      }
    });

    it('live events cross the workers through the primary; the cap of 5 streams holds across them', async () => {
      const tag = `e${Date.now().toString(36)}`;
      const signup = async (name: string) => {
        const answer = await call(server.url, 'POST', '/api/auth/signup', undefined, {
          username: `${tag}${name}`,
          password: 'password123',
          firstName: 'Live',
          lastName: 'Events',
        });
        return { token: answer.encodedToken as string, id: answer.createdUser._id as string };
      };
      const [author, follower] = [await signup('author'), await signup('follower')];
      await call(server.url, 'POST', `/api/users/follow/${author.id}?return=minimal`, follower.token);
      // Each stream holds a connection of its own, and the cluster hands connections out in turn.
      const streams: EventStreamClient[] = [];
      try {
        while (streams.length < 5) streams.push(await openEventStream(server.url, follower.token));
        expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200]);
        expect(new Set(streams.map((stream) => stream.headers.get('x-sync-worker'))).size).toBe(2);
        const sixth = await openEventStream(server.url, follower.token);
        expect(sixth.status).toBe(429);

        const posted = await call(server.url, 'POST', '/api/posts?return=post', author.token, {
          postData: { content: 'To every worker' },
        });
        for (const stream of streams)
          await stream.waitFor('post', ({ post }) => post._id === posted.post._id);
        // One order and one id everywhere.
        expect(new Set(streams.map((stream) => stream.lastEventId)).size).toBe(1);
      } finally {
        streams.forEach((stream) => stream.close());
      }
    });

    it('replaces a worker that dies and keeps answering', async () => {
      const [victim, survivor] = childPids(server.child.pid!);
      process.kill(victim!, 'SIGKILL');
      const replaced = await eventually(
        () => {
          const pids = childPids(server.child.pid!);
          return pids.length === 2 && !pids.includes(victim!) ? pids : undefined;
        },
        { what: 'a new worker' },
      );
      expect(replaced).toContain(survivor);
      // The replacement serves too (worker ids are never reused: the third worker started is 3).
      const answering = await eventually(async () => {
        const workers = await workersAnswering(server.url);
        return workers.size === 2 ? workers : undefined;
      });
      expect(answering).toContain('3');
      expect(server.output()).toMatch(
        /worker \d \(pid \d+\) was killed by SIGKILL: starting another in \d+ ms/,
      );
    });

    it('stops every worker on SIGTERM and exits cleanly', async () => {
      const workers = childPids(server.child.pid!);
      expect(workers).toHaveLength(2);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      await eventually(() => (workers.some(isRunning) ? undefined : true), { what: 'every worker gone' });
      expect(server.output()).toContain('every worker has stopped');
    });
  });
}

// `npm start`, then Ctrl-C: the terminal sends SIGINT to every process of the group at once.
describe('WORKERS=2 and Ctrl-C', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-workers-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stops the workers and the primary together, leaving nothing running', async () => {
    const server = await spawnServer({ DATA_DIR: dataDir, WORKERS: '2' }, { processGroup: true });
    try {
      const workers = await eventually(() => {
        const pids = childPids(server.child.pid!);
        return pids.length === 2 ? pids : undefined;
      });
      process.kill(-server.child.pid!, 'SIGINT');
      expect(await server.exited).toBe(0);
      await eventually(() => (workers.some(isRunning) ? undefined : true), { what: 'every worker gone' });
    } finally {
      if (server.child.exitCode === null) process.kill(-server.child.pid!, 'SIGKILL');
    }
  });
});
