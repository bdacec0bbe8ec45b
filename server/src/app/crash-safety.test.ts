import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Post } from '@sync/contract';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '../test/expectations.js';
import { createTestDatabase, hasPostgres, requester } from '../test/harness.js';
import { spawnServer, type ServerProcess } from '../test/server-process.js';

interface Storage {
  env: Record<string, string>;
  /** Database-level checks after the crash: integrity and the like-count invariant. */
  verify(): Promise<{ integrity: string; mismatchedLikeCounts: number }>;
  dispose(): Promise<void>;
}

async function sqliteStorage(): Promise<Storage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-crash-'));
  return {
    env: { DATA_DIR: dataDir },
    async verify() {
      const db = new SQLite(path.join(dataDir, 'sync.sqlite'));
      try {
        const integrity = (db.pragma('integrity_check') as { integrity_check: string }[])[0]!.integrity_check;
        const { n } = db.prepare(mismatchSql).get() as { n: number };
        return { integrity, mismatchedLikeCounts: n };
      } finally {
        db.close();
      }
    },
    dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresStorage(): Promise<Storage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-crash-'));
  const database = await createTestDatabase();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
    async verify() {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        // PostgreSQL has no integrity pragma: check that every table is readable end to end.
        for (const table of tables) {
          await client.query(`select count(*) from ${table}`);
        }
        const { rows } = await client.query(mismatchSql);
        return { integrity: 'ok', mismatchedLikeCounts: Number(rows[0].n) };
      } finally {
        await client.end();
      }
    },
    async dispose() {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const mismatchSql = `select count(*) as n from posts p
  where p.like_count <> (select count(*) from post_reactions r where r.post_id = p.id and r.kind = 'like')`;

/** A request to the server at `url`, its body typed by the route (test/answers.ts). */
function call<Method extends string, Url extends string>(
  url: string,
  method: Method,
  urlPath: Url,
  token?: string,
  body?: unknown,
) {
  return requester(() => url)(method, urlPath, { token, body });
}

const dialects = [
  ['sqlite', sqliteStorage],
  ['postgres', postgresStorage],
] as const;

for (const [dialect, makeStorage] of dialects) {
  const run = dialect === 'postgres' && !hasPostgres ? describe.skip : describe;
  run(`crash safety [${dialect}]`, () => {
    let storage: Storage;
    let server: ServerProcess;
    // Request logs (JSON, one line each) show when the server has received a request.
    const spawn = () => spawnServer({ ...storage.env, LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
    beforeAll(async () => {
      storage = await makeStorage();
      server = await spawn();
    });
    afterAll(async () => {
      server.child.kill('SIGKILL');
      await storage.dispose();
    });

    it('keeps every acknowledged write through a SIGKILL mid-load', { timeout: 90_000 }, async () => {
      const users = await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const reply = await call(server.url, 'POST', '/api/auth/signup', undefined, {
            username: `crash${i}`,
            password: 'password123',
            firstName: 'Crash',
            lastName: `Tester${i}`,
          });
          return reply.body.encodedToken as string;
        }),
      );
      const seedPosts = (await call(server.url, 'GET', '/api/posts')).body.posts.map((p) => p._id);
      const acknowledged = {
        posts: new Set<string>(),
        comments: new Set<string>(),
        likes: new Set<string>(),
      };
      let stop = false;
      // Kill mid-load once a fair number of writes were acknowledged, however fast this machine is.
      let enoughAcknowledged!: () => void;
      const enough = new Promise<void>((resolve) => (enoughAcknowledged = resolve));

      const worker = async (token: string, index: number) => {
        for (let round = 0; !stop; round++) {
          try {
            const created = await call(server.url, 'POST', '/api/posts?return=post', token, {
              postData: { content: `worker ${index} round ${round}` },
            });
            if (created.status !== 201) continue;
            const postId = created.body.post._id as string;
            acknowledged.posts.add(postId);
            if (acknowledged.posts.size >= 40) enoughAcknowledged();
            const target = seedPosts[round % seedPosts.length];
            const comment = await call(server.url, 'POST', `/api/comments/add/${postId}?return=post`, token, {
              commentData: { text: `comment ${round}` },
            });
            if (comment.status === 201) acknowledged.comments.add(comment.body.comment!._id);
            const liked = await call(server.url, 'POST', `/api/posts/like/${postId}?return=post`, token);
            if (liked.status === 201) acknowledged.likes.add(`${postId}:${index}`);
            if (round < seedPosts.length) {
              const seedLike = await call(server.url, 'POST', `/api/posts/like/${target}?return=post`, token);
              if (seedLike.status === 201) acknowledged.likes.add(`${target}:${index}`);
            }
          } catch {
            return; // The server is gone.
          }
        }
      };
      const workers = users.map((token, index) => worker(token, index));
      // The workers end only when the server is gone: then the assertion below tells.
      await Promise.race([enough, Promise.all(workers)]);
      server.child.kill('SIGKILL');
      stop = true;
      await Promise.all(workers);
      await server.exited;
      expect(acknowledged.posts.size).toBeGreaterThanOrEqual(40);

      const checks = await storage.verify();
      expect(checks).toEqual({ integrity: 'ok', mismatchedLikeCounts: 0 });

      server = await spawn();
      const posts = (await call(server.url, 'GET', '/api/posts')).body.posts;
      const byId = new Map(posts.map((post) => [post._id, post]));
      for (const id of acknowledged.posts) expect(byId.has(id)).toBe(true);
      const commentIds = new Set(posts.flatMap((post) => post.comments.map((c) => c._id)));
      for (const id of acknowledged.comments) expect(commentIds.has(id)).toBe(true);
      const tokensUser = await Promise.all(
        users.map(async (token) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())),
      );
      // A post in a list shows its first few likers: each liked post is read whole.
      const likedIds = new Set([...acknowledged.likes].map((key) => key.split(':')[0]!));
      const whole = new Map<string, Post>();
      for (const id of likedIds) whole.set(id, (await call(server.url, 'GET', `/api/posts/${id}`)).body.post);
      for (const key of acknowledged.likes) {
        const [postId, index] = key.split(':');
        const likers = whole.get(postId!)!.likes.likedBy.map((u) => u._id);
        expect(likers).toContain(tokensUser[Number(index)]._id);
      }
      for (const post of whole.values()) expect(post.likes.likeCount).toBe(post.likes.likedBy.length);
      console.log(
        `crash safety [${dialect}]: ${acknowledged.posts.size} posts, ${acknowledged.comments.size} comments, ` +
          `${acknowledged.likes.size} likes acknowledged before SIGKILL; all found after restart`,
      );
    });

    it('finishes requests in flight on SIGTERM, then exits cleanly', async () => {
      const token = (
        await call(server.url, 'POST', '/api/auth/login', undefined, {
          username: 'guest',
          password: 'guest-password',
        })
      ).body.encodedToken as string;
      const received = server.nextLine(/^(?=.*"incoming request")(?=.*"\/api\/posts\?return=post")/);
      const inFlight = Array.from({ length: 40 }, (_, i) =>
        call(server.url, 'POST', '/api/posts?return=post', token, {
          postData: { content: `in flight ${i}` },
        }).catch(() => undefined),
      );
      // Signalled once the server is working on them.
      await received;
      server.child.kill('SIGTERM');
      const replies = await Promise.all(inFlight);
      expect(await server.exited).toBe(0);
      // Requests the server had started are finished (201); ones arriving after the signal are refused (503).
      const answered = replies.filter((reply) => reply?.status === 201);
      expect(answered.length).toBeGreaterThan(0);
      for (const reply of replies) if (reply) expect([201, 503]).toContain(reply.status);

      server = await spawn();
      const contents = new Set(
        (await call(server.url, 'GET', '/api/posts')).body.posts.map((post) => post.content),
      );
      for (const reply of answered) expect(contents.has(reply!.body.post.content)).toBe(true);
    });
  });
}
