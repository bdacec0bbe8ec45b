import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../data/database.js';

// Transactions that start in one turn of the event loop share one SQLite COMMIT (sqlite-group-commit.ts).
describe('SQLite group commit', () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  /** Another process's view of the file: it sees only what is committed. */
  let other: SQLite.Database;
  let undone: Error[];

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-group-commit-'));
    handle = openDatabase({ databaseUrl: undefined, dataDir });
    undone = [];
    handle.onWritesUndone((error) => undone.push(error));
    await sql`create table notes (id integer primary key, body text not null)`.execute(handle.db);
    await sql`create table parents (id integer primary key)`.execute(handle.db);
    // Checked at COMMIT, not at the insert: the way to make a group's COMMIT fail on purpose.
    await sql`create table children (parent_id integer references parents (id) deferrable initially deferred)`.execute(
      handle.db,
    );
    other = new SQLite(handle.location, { readonly: true });
  });

  afterEach(async () => {
    other.close();
    await handle.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const committedNotes = () =>
    (other.prepare('select body from notes order by id').all() as { body: string }[]).map((row) => row.body);

  const addNote = (body: string, during?: () => void) =>
    handle.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('notes' as never)
        .values({ body } as never)
        .execute();
      during?.();
    });

  it('commits the transactions of one turn together, and answers each only once they are committed', async () => {
    let seenByTheThird: string[] | undefined;
    const settledWith: string[][] = [];
    const all = ['first', 'second', 'third'].map((body) =>
      addNote(body, body === 'third' ? () => (seenByTheThird = committedNotes()) : undefined).then(() =>
        settledWith.push(committedNotes()),
      ),
    );
    await Promise.all(all);
    // One transaction after the other, the first two would have been committed by then.
    expect(seenByTheThird).toEqual([]);
    for (const seen of settledWith) expect(seen).toEqual(['first', 'second', 'third']);
    expect(undone).toEqual([]);
  });

  it('undoes only the writes of a transaction that throws', async () => {
    const results = await Promise.allSettled([
      addNote('kept'),
      addNote('undone', () => {
        throw new Error('refused');
      }),
      addNote('also kept'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('refused'));
    expect(committedNotes()).toEqual(['kept', 'also kept']);
    expect(undone).toEqual([]);
  });

  it('fails every transaction of a group whose COMMIT fails, undoes them all, and says so', async () => {
    const results = await Promise.allSettled([
      addNote('lost with its group'),
      handle.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('children' as never)
          .values({ parent_id: 404 } as never)
          .execute();
      }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY constraint failed/);
    expect(committedNotes()).toEqual([]);
    expect(undone).toHaveLength(1);

    // The next group starts afresh.
    await addNote('after');
    expect(committedNotes()).toEqual(['after']);
  });

  it('answers a write outside any transaction, made while a group is open, once that group commits', async () => {
    const inTransaction = addNote('in a transaction');
    const alone = handle.db
      .insertInto('notes' as never)
      .values({ body: 'alone' } as never)
      .execute()
      .then(() => committedNotes());
    await inTransaction;
    expect(await alone).toEqual(['in a transaction', 'alone']);
  });

  it('lets reads run between the transactions of a group', async () => {
    const first = addNote('written');
    const read = sql<{ count: number }>`select count(*) as count from notes`.execute(handle.db);
    const second = addNote('written too');
    await Promise.all([first, second]);
    expect((await read).rows[0]!.count).toBe(1);
    expect(committedNotes()).toEqual(['written', 'written too']);
  });
});
