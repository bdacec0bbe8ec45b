import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { compiledPerShape } from './compiled-per-shape.js';
import type { Db } from '../../data/database.js';

/**
 * Hot queries are compiled once per shape and only bound per call (issue 8's profile gave Kysely a tenth
 * of a feed page): each call must still run with its own values, and a shape must never serve another.
 */
describeEachDatabase('queries compiled once per shape', (dialect) => {
  let server: TestServer;
  let authors: { id: string; username: string }[];
  beforeAll(async () => {
    server = await startServer(dialect);
    authors = [];
    for (const name of ['shape_a', 'shape_b', 'shape_c']) {
      const { token } = await server.signup(`${name}_${dialect}`);
      await server.request('POST', '/api/posts', { token, body: { postData: { content: name } } });
      const user = await server.database.db
        .selectFrom('accounts')
        .innerJoin('users', 'users.account_id', 'accounts.id')
        .select(['id', 'username'])
        .where('username', '=', `${name}_${dialect}`)
        .executeTakeFirstOrThrow();
      authors.push(user);
    }
  });
  afterAll(() => server.close());

  const postsOf = compiledPerShape(
    (db: Db, { authorIds, content }: { authorIds: readonly string[]; content?: string }) => {
      let query = db.selectFrom('posts').select(['author_id', 'content']).where('author_id', 'in', authorIds);
      if (content !== undefined) query = query.where('content', '=', content);
      return query.orderBy('content').compile();
    },
  );
  const run = async (values: Parameters<typeof postsOf>[1]) =>
    (await server.database.db.executeQuery(postsOf(server.database.db, values))).rows.map(
      (row) => row.content,
    );

  it('runs each call with its own values, one shape after another and back', async () => {
    const [a, b, c] = authors.map((author) => author.id);
    expect(await run({ authorIds: [a!, b!] })).toEqual(['shape_a', 'shape_b']);
    expect(await run({ authorIds: [b!, c!] })).toEqual(['shape_b', 'shape_c']);
    expect(await run({ authorIds: [c!] })).toEqual(['shape_c']);
    expect(await run({ authorIds: [a!, b!, c!], content: 'shape_b' })).toEqual(['shape_b']);
    expect(await run({ authorIds: [a!, c!], content: 'shape_b' })).toEqual([]);
    expect(await run({ authorIds: [a!, c!] })).toEqual(['shape_a', 'shape_c']);
  });

  it('refuses a query that puts a value in its text instead of a parameter', () => {
    const inlined = compiledPerShape((db: Db, { content }: { content: string }) =>
      sql`select ${sql.lit(content)} as content`.compile(db),
    );
    expect(() => inlined(server.database.db, { content: 'x' })).toThrow(/every value must be a parameter/);
  });
});
