import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localPersonById } from './account-rows.js';
import { migrateToLatest } from './database.js';
import type { Database } from './schema.js';
import { findUserById, findUserByUsername } from './users.repo.js';

let db: Kysely<Database>;
const statements: string[] = [];

beforeAll(async () => {
  db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
    log: (event) => {
      statements.push(event.query.sql);
    },
  });
  await migrateToLatest(db);
});

afterAll(() => db.destroy());

/**
 * A local person is read joined (accounts and users); with its id or name bound bare, SQLite 3.54
 * compiles the statement again on every run (platform/db/unweighed.ts). What SQLite does with a
 * binding cannot be seen from here, so this holds the statements' text: each binds the value behind a
 * cast. Without `unweighed`, each of these fails.
 */
it.each([
  ['by id', () => findUserById(db, 'someone')],
  ['by id, in a write', () => localPersonById(db, 'someone')],
  ['by name', () => findUserByUsername(db, 'someone')],
])('reads a local person %s with a value SQLite does not plan by', async (_name, read) => {
  statements.length = 0;
  await read();
  expect(statements).toHaveLength(1);
  expect(statements[0]).toMatch(/"users"/);
  expect(statements[0]).toMatch(/ = cast\(\? as text\)$/);
});
