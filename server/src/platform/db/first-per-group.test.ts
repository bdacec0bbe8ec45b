import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { newId } from './ids.js';
import { firstPerGroup } from './first-per-group.js';

/**
 * "The first N of each group" for many groups at once: a login's hundred bookmarked posts ask for the
 * voters of thousands of comments, past SQLite's 500 terms in one compound SELECT.
 */
describeEachDatabase('first rows per group', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());

  it('answers for 1,000 groups split in two, each group whole and in order', async () => {
    const { db } = server.database;
    const { token } = await server.signup(`groups_${dialect}`);
    const created = await server.request('POST', '/api/posts?return=post', {
      token,
      body: { postData: { content: 'counted' } },
    });
    const postId = created.body.post._id as string;
    for (let i = 0; i < 3; i++) {
      await server.request('POST', `/api/comments/add/${postId}`, {
        token,
        body: { commentData: { text: `comment ${i}` } },
      });
    }
    const groups = [...Array.from({ length: 999 }, () => newId(new Date())), postId];
    const query = {
      table: 'comments',
      groupColumn: 'post_id',
      groups,
      split: { column: 'text', values: ['comment 2', 'comment 0'] },
      columns: ['post_id', 'text', 'created_at', 'id'],
      orderBy: ['created_at', 'id'],
      limit: 5,
    };
    const texts = async (descending: boolean) =>
      (await firstPerGroup<{ text: string }>(db, dialect, { ...query, descending })).map((row) => row.text);
    // In the order asked for, not the order of the split's values.
    expect(await texts(false)).toEqual(['comment 0', 'comment 2']);
    expect(await texts(true)).toEqual(['comment 2', 'comment 0']);
  });
});
