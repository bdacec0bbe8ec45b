import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
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

  /** The first comments of each post that have one of two texts. */
  const commentsByText = (groups: readonly string[]) => ({
    table: 'comments',
    groupColumn: 'post_id',
    groups,
    split: { column: 'text', values: ['comment 2', 'comment 0'] },
    columns: ['post_id', 'text', 'created_at', 'id'],
    orderBy: ['created_at', 'id'],
    limit: 5,
  });

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
    const query = commentsByText(groups);
    const texts = async (descending: boolean) =>
      (await firstPerGroup<{ text: string }>(db, dialect, { ...query, descending })).map((row) => row.text);
    // In the order asked for, not the order of the split's values.
    expect(await texts(false)).toEqual(['comment 0', 'comment 2']);
    expect(await texts(true)).toEqual(['comment 2', 'comment 0']);
  });

  // better-sqlite3 clears a statement's bindings after every run, and SQLite 3.54 prepares a statement
  // again at its next run after that if its plan guessed from a bound value: it does for every
  // `column = ?` an index does not use, as a part's group key is for every other index of its table.
  // Each run of a 40-part statement then cost its preparation (issue 38, decision 120, where the CPU it
  // took is measured: a benchmark's figure, not a test's). Given the probability in the SQL, SQLite has
  // nothing to guess from the value; the test holds that every bound equality carries it.
  it.skipIf(dialect !== 'sqlite')(
    "gives SQLite every bound equality's probability, so no run prepares it again",
    async () => {
      const captured: CompiledQuery[] = [];
      const logged = new Kysely<unknown>({
        dialect: new SqliteDialect({ database: new SQLite(server.database.location) }),
        log: (event) => void captured.push(event.query),
      });
      try {
        const groups = Array.from({ length: 20 }, () => newId(new Date()));
        await firstPerGroup(logged, dialect, commentsByText(groups));
        expect(captured).toHaveLength(1);
        const { sql: text, parameters } = captured[0]!;
        const equalities = text.match(/"?\w+"? = \?/g) ?? [];
        const guessed = text.match(/likelihood\("?\w+"? = \?, 0\.25\)/g) ?? [];
        // Two per part (the group and the split), one part per group and split value.
        expect(equalities).toHaveLength(groups.length * 2 * 2);
        expect(guessed).toHaveLength(equalities.length);
        expect(parameters.length).toBeGreaterThanOrEqual(equalities.length);
      } finally {
        await logged.destroy();
      }
    },
  );
});
