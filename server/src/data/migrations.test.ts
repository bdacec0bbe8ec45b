import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, hasPostgres } from '../test/harness.js';
import { bulkUserRow } from '../test/people.js';
import { newId } from '../platform/db/ids.js';
import { migrateToLatest, migrations, openDatabase } from './database.js';
import * as stemming from './migrations/018_search_stemming.js';
import { searchPostRefs } from './search.repo.js';

// A rolling upgrade: the first upgraded machine migrates; the others, still on the old version, must
// keep (re)starting on the schema it left.
describe('migrations', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-migrations-'));
  const handle = openDatabase({ databaseUrl: undefined, dataDir });
  afterAll(async () => {
    await handle.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('start on a schema a newer version migrated, and say so', async () => {
    expect(await migrateToLatest(handle.db)).toEqual([]);
    await sql`insert into kysely_migration (name, timestamp) values ('999_from_the_future', '2030-01-01T00:00:00.000Z')`.execute(
      handle.db,
    );
    expect(await migrateToLatest(handle.db)).toEqual(['999_from_the_future']);
  });

  it('refuse a newer schema that lacks one of their own migrations', async () => {
    await sql`delete from kysely_migration where name = '006_account'`.execute(handle.db);
    await expect(migrateToLatest(handle.db)).rejects.toThrow(
      /migrations of a newer Sync \(999_from_the_future\) but not 006_account of this one/,
    );
  });
});

// Migration 018: posts written with the unstemmed index are found by their other forms after it.
describe.each(['sqlite', ...(hasPostgres ? ['postgres' as const] : [])] as const)(
  'migration 018 (search stemming) [%s]',
  (dialect) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-stemming-'));
    let handle: ReturnType<typeof openDatabase>;
    let dropDatabase = async () => {};
    beforeAll(async () => {
      if (dialect === 'postgres') {
        const database = await createTestDatabase();
        dropDatabase = database.drop;
        handle = openDatabase({ databaseUrl: database.url, dataDir });
      } else {
        handle = openDatabase({ databaseUrl: undefined, dataDir });
      }
      await migrateToLatest(handle.db);
    });
    afterAll(async () => {
      await handle.db.destroy();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const find = async (word: string) =>
      (
        await searchPostRefs(handle.db, handle.dialect, {
          words: [word],
          tags: [],
          after: undefined,
          limit: 10,
        })
      ).map((row) => row.id);

    it('rebuilds the index of posts written before it', async () => {
      const { db } = handle;
      // The schema as it was before 018, with posts written then.
      // A migration is written against no schema of its own.
      const unschemed: Kysely<any> = db;
      // The migrations after it are undone first, as a database from before 018 has none of them.
      const after018 = Object.keys(migrations).filter((name) => name > '018_search_stemming');
      for (const name of after018.reverse()) {
        await migrations[name]!.down!(unschemed);
        await sql`delete from kysely_migration where name = ${name}`.execute(db);
      }
      await stemming.down(unschemed);
      await sql`delete from kysely_migration where name = '018_search_stemming'`.execute(db);
      const at = new Date();
      // A person as `users` held one before 027.
      const author = { ...bulkUserRow('stemmer', at), password_hash: 'not-a-hash' };
      await unschemed.insertInto('users').values(author).execute();
      let postsWritten = 0;
      // Plain rows: the repository's post has columns of migrations after 018 (posts.quote_count).
      const written = async (content: string) => {
        const postedAt = new Date(at.getTime() + ++postsWritten * 1000);
        const row = {
          id: newId(postedAt),
          author_id: author.id,
          content,
          created_at: postedAt.toISOString(),
        };
        await db
          .insertInto('posts')
          .values({ ...row, updated_at: row.created_at })
          .execute();
        return row.id;
      };
      const indexes = await written('Rebuilding the indexes of a crème brûlée');
      const run = await written('A run before breakfast');
      expect(await find('index')).toEqual([]);

      expect(await migrateToLatest(db)).toEqual([]);
      expect(await find('index')).toEqual([indexes]);
      expect(await find('running')).toEqual([run]);
      expect(await find('rebuild')).toEqual([indexes]);
      // Its index is kept by the database as before: a post written after it is found too.
      const later = await written('Indexing later');
      expect(await find('indexed')).toEqual([later, indexes]);
    });

    it.runIf(dialect === 'sqlite')('keeps the tokenizer: accents are not needed to find a word', async () => {
      expect(await find('creme')).toHaveLength(1);
    });

    it.runIf(dialect === 'postgres')('keeps the index without a pending list (migration 008)', async () => {
      const { rows } = await sql<{ options: string[] | null }>`
        select reloptions as options from pg_class where relname = 'posts_search'`.execute(handle.db);
      expect(rows[0]?.options).toContain('fastupdate=off');
    });
  },
);
