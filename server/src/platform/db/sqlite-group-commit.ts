import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * SQLite with group commit: the transactions that start within one turn of the event loop share one
 * SQLite transaction and one COMMIT, each inside a savepoint of its own, and each is answered only once
 * that COMMIT is done. A commit writes the pages its transaction changed to the write-ahead log (a like
 * touches the same post, index and notification pages as the likes beside it), so a group writes them
 * once: the COMMIT was about 9% of a like's CPU time in the bench's profile.
 *
 * What stays as it was:
 * - a transaction that throws undoes only its own writes (ROLLBACK TO its savepoint);
 * - a write outside any transaction (a bookmark removed, say) that runs while a group is open is part of
 *   the group's transaction, and is answered once that commits too;
 * - `execute` resolves only when its writes are committed, so what a use case does after its
 *   transaction (live events, the answer) still follows a commit;
 * - the group holds the write lock from its BEGIN IMMEDIATE, not from its first write: with `WORKERS` > 1,
 *   a transaction that reads first (account deletion lists the posts it will touch) must not work from
 *   a snapshot another process writes past meanwhile and then fail with SQLITE_BUSY at its first write
 *   (`data/row-locks.ts` relies on it, `sqlite-transactions.test.ts` checks it). Another process's writer
 *   waits `busy_timeout` as before, at most a turn longer.
 *
 * What changes: between a transaction's end and the group's COMMIT (the rest of the turn), this
 * process's own reads see its writes, as other processes do not yet. Should the COMMIT fail (a full
 * disk, an I/O error), every transaction of the group fails with its error, and `onWritesUndone` is
 * told, because reads of this process may have cached what never happened.
 *
 * Kysely runs one statement or one transaction at a time on SQLite's single connection; this driver
 * keeps that, but lets the next transaction in as soon as the previous one has released its
 * savepoint, without waiting for the COMMIT.
 */
export interface GroupCommitOptions {
  sqlite: SQLite.Database;
  /** Prepares (or finds already prepared) a statement on `sqlite`. */
  prepare: (sqlText: string) => SQLite.Statement;
  /** Closes `sqlite` and whatever else was opened with it. */
  close: () => void;
  onWritesUndone: (error: Error) => void;
}

export function groupCommitSqliteDialect(options: GroupCommitOptions): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new GroupCommitDriver(options),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
  };
}

/** Transactions sharing one SQLite transaction; `committed` settles once its COMMIT has run. */
interface Group {
  committed: Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
  /** The turn it was opened in is over: it commits as soon as no member is running. */
  due: boolean;
}

/** One use of the connection: a statement, or a whole transaction. */
class Lease implements DatabaseConnection {
  /** Set once the connection has been handed on (a member that ended waits for its group after that). */
  released = false;
  /** The group this lease's transaction is a member of. */
  group: Group | undefined;

  constructor(
    private readonly prepare: (sqlText: string) => SQLite.Statement,
    /** The group open now, if any (not necessarily this lease's). */
    private readonly currentGroup: () => Group | undefined,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.prepare(compiledQuery.sql);
    const result = runStatement<R>(statement, compiledQuery.parameters);
    // A write outside any transaction while a group is open runs in the group's transaction: like the
    // group's members, it is answered once that transaction is committed.
    const joined = this.group || statement.readonly ? undefined : this.currentGroup();
    if (joined) await joined.committed;
    return result;
  }

  run(sqlText: string): void {
    this.prepare(sqlText).run();
  }

  // eslint-disable-next-line require-yield -- Sync never streams from SQLite; Kysely's interface asks for it.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported on SQLite here');
  }
}

function runStatement<R>(statement: SQLite.Statement, parameters: readonly unknown[]): QueryResult<R> {
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

class GroupCommitDriver implements Driver {
  /** Set while a member's transaction is running (between its savepoint and its release or rollback). */
  private memberRunning = false;
  private group: Group | undefined;
  private readonly turn = new Turn();

  /** Handed to every lease, made once: a lease is taken for every statement. */
  private readonly currentGroup = () => this.group;

  constructor(private readonly options: GroupCommitOptions) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<Lease> {
    await this.turn.take();
    return new Lease(this.options.prepare, this.currentGroup);
  }

  async beginTransaction(lease: Lease): Promise<void> {
    const group = this.group ?? this.openGroup(lease);
    lease.run('savepoint member');
    this.memberRunning = true;
    lease.group = group;
  }

  async commitTransaction(lease: Lease): Promise<void> {
    lease.run('release member');
    const group = this.endMember(lease);
    await group.committed;
  }

  async rollbackTransaction(lease: Lease): Promise<void> {
    // Its group failed to commit after this member ended: there is nothing left to undo.
    if (lease.released) return;
    if (this.options.sqlite.inTransaction) {
      lease.run('rollback to member');
      lease.run('release member');
      this.endMember(lease);
    } else {
      // SQLite rolled the whole transaction back itself (SQLITE_FULL, say): the members that ended
      // before this one are undone too.
      this.memberRunning = false;
      this.settle(lease.group!, new Error('SQLite rolled back the transaction of a group commit'));
      this.handOn(lease);
    }
  }

  async releaseConnection(lease: Lease): Promise<void> {
    if (!lease.released) this.handOn(lease);
  }

  async destroy(): Promise<void> {
    await this.turn.take();
    if (this.group) this.commit(this.group);
    this.options.close();
  }

  private openGroup(lease: Lease): Group {
    lease.run('begin immediate');
    const { promise: committed, resolve, reject } = Promise.withResolvers<void>();
    // Members that end before the group commits wait for it; none of them may see an unhandled rejection.
    committed.catch(() => undefined);
    const group: Group = { committed, resolve, reject, due: false };
    this.group = group;
    setImmediate(() => {
      group.due = true;
      if (!this.memberRunning && this.group === group) this.commit(group);
    });
    return group;
  }

  /** The member's own work is over: its group commits now if its turn is, and the connection moves on. */
  private endMember(lease: Lease): Group {
    const group = lease.group!;
    this.memberRunning = false;
    if (group.due && this.group === group) this.commit(group);
    this.handOn(lease);
    return group;
  }

  private commit(group: Group): void {
    try {
      this.options.prepare('commit').run();
      this.group = undefined;
      group.resolve();
    } catch (error) {
      this.settle(group, error as Error);
    }
  }

  /** The group failed: its transaction is rolled back if SQLite has not already, and every member fails. */
  private settle(group: Group, error: Error): void {
    if (this.group === group) this.group = undefined;
    if (this.options.sqlite.inTransaction) this.options.prepare('rollback').run();
    group.reject(error);
    this.options.onWritesUndone(error);
  }

  private handOn(lease: Lease): void {
    lease.released = true;
    this.turn.give();
  }
}

/** SQLite has one connection: one statement or transaction at a time, the others wait in line. */
class Turn {
  private waiting: (() => void)[] = [];
  private taken = false;

  take(): Promise<void> {
    if (!this.taken) {
      this.taken = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.taken = false;
  }
}
