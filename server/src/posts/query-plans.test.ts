import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBookmarkedRows } from '../bookmarks/bookmarks.repo.js';
import { listCommentRows, toComments } from '../comments/comments.repo.js';
import type { Database } from '../db/schema.js';
import { startServer, type TestServer } from '../test/harness.js';
import { listRelation } from '../users/users.repo.js';
import { listPostRows, loadPosts } from './posts.repo.js';

/**
 * Every query a page needs must use an index (no full table scan), and a page costs the same number of
 * queries whatever its size (no N+1). Checked on SQLite's query plans.
 */
const tableScan = /^SCAN (users|posts|post_reactions|comments|comment_votes|bookmarks|follows)$/;

describe('page queries: indexed and bounded in number', () => {
  let server: TestServer;
  let sqlite: SQLite.Database;
  let captured: CompiledQuery[] = [];
  let db: Kysely<Database>;

  beforeAll(async () => {
    server = await startServer('sqlite');
    const { token } = await server.signup('plans');
    for (let i = 0; i < 30; i++) {
      await server.request('POST', '/api/posts', { token, body: { postData: { content: `post ${i}` } } });
    }
    sqlite = new SQLite(path.join(server.config.dataDir, 'sync.sqlite'));
    db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      log: (event) => void captured.push(event.query),
    });
  });
  afterAll(async () => {
    await db.destroy();
    await server.close();
  });

  let guestId = '';
  let firstPostId = '';
  beforeAll(async () => {
    guestId = (
      await db.selectFrom('users').select('id').where('username', '=', 'guest').executeTakeFirstOrThrow()
    ).id;
    firstPostId = (await db.selectFrom('posts').select('id').limit(1).executeTakeFirstOrThrow()).id;
  });
  const viewerId = async () => guestId;
  const postId = async () => firstPostId;

  const pages: [string, (limit: number) => Promise<unknown>][] = [
    [
      'home feed (newest)',
      async (limit) =>
        loadPosts(db, await listPostRows(db, { sort: 'newest', page: { limit, after: undefined } }), {
          preview: true,
          viewerId: await viewerId(),
        }),
    ],
    [
      'trending, second page',
      async (limit) =>
        loadPosts(
          db,
          await listPostRows(db, { sort: 'trending', page: { limit, after: [0, '9999', 'z'] } }),
          {
            preview: true,
            viewerId: await viewerId(),
          },
        ),
    ],
    [
      "an author's posts",
      async (limit) =>
        loadPosts(
          db,
          await listPostRows(db, {
            authorId: await viewerId(),
            sort: 'newest',
            page: { limit, after: undefined },
          }),
          { preview: true },
        ),
    ],
    [
      'bookmarks',
      async (limit) =>
        loadPosts(db, await listBookmarkedRows(db, await viewerId(), { limit, after: undefined }), {
          preview: true,
        }),
    ],
    [
      'comments of a post',
      async (limit) => toComments(db, await listCommentRows(db, await postId(), { limit, after: undefined })),
    ],
    [
      'followers',
      async (limit) => listRelation(db, await viewerId(), 'followers', { limit, after: undefined }),
    ],
  ];

  it.each(pages)('%s: no full table scan, same query count for 5 and 20 items', async (_name, load) => {
    const counts: number[] = [];
    for (const limit of [5, 20]) {
      captured = [];
      await load(limit);
      counts.push(captured.length);
      for (const query of captured) {
        const plan = sqlite
          .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
          .all(...(query.parameters as unknown[])) as { detail: string }[];
        // "SCAN <table>" without "USING INDEX" reads the whole table; scans of the small derived
        // tables of a UNION ALL (g0, g1, …) are fine.
        const scans = plan.map((row) => row.detail).filter((detail) => tableScan.test(detail));
        expect(scans, `${query.sql}\n${plan.map((row) => row.detail).join('\n')}`).toEqual([]);
      }
    }
    expect(counts[0]).toBe(counts[1]);
  });
});
