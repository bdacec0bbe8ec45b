import {
  type CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { setImmediate } from 'node:timers/promises';
import type postgres from 'postgres';
import { isMarkedPrepared } from './prepared.js';

/**
 * Kysely on Postgres.js, pipelined (decision 006). Every statement outside a transaction goes through
 * the shared pool, so when all connections are busy the statements of concurrent requests queue on a
 * connection and are written and answered together: fewer writes for Node, fewer wake-ups for the
 * backends. A transaction holds one connection from its `begin` to its end. (The published
 * `kysely-postgres-js` dialect reserves a connection for every statement, which gives the pipelining up.)
 */
export interface PipelinedPostgresOptions {
  url: string;
  /** Longest wait to open a connection; then an error `isDatabaseUnavailable` knows. */
  connectTimeoutMs: number | undefined;
  /**
   * PostgreSQL's `statement_timeout`; the client stops waiting a second later, for a server that does
   * not answer at all (Postgres.js has no timeout of its own).
   */
  queryTimeoutMs: number | undefined;
  /** A connection closed that this process did not close (restart, failover, pg_terminate_backend). */
  onConnectionLost: (error: Error) => void;
}

/** The error of a statement the server did not answer in time. */
class QueryTimeoutError extends Error {
  readonly code = 'QUERY_TIMEOUT';
}

export function pipelinedPostgresDialect(options: PipelinedPostgresOptions): Dialect {
  const driver = new PipelinedDriver(options);
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

type Sql = postgres.Sql<{ count: number }>;
type TransactionSql = postgres.TransactionSql<{ count: number }>;

const maxConnections = 10;

/** Sync's reads are the statements that start with `select` (its writes run `insert`, `update`, `delete`). */
const isRead = (query: CompiledQuery) => /^\s*select\b/i.test(query.sql);

/**
 * Which statements are prepared besides those marked in the code (db/prepared.ts): writes that return no
 * `*`, since a column a newer Sync adds cannot change their result either. Postgres.js asks the server
 * for the parameters' types before running a statement it has not prepared, a second round trip: every
 * write paid it (follow/unfollow ran up to 18% slower than on node-postgres).
 */
const isWriteWithoutStar = (text: string) =>
  /^\s*(insert|update|delete)\b/i.test(text) && !/\breturning \*/i.test(text);

class PipelinedConnection implements DatabaseConnection {
  /** Set while a transaction runs: its statements all go to its connection. */
  transaction: OpenTransaction | undefined;

  constructor(
    private readonly sql: Sql,
    private readonly answerWithin: number | undefined,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.run(query, this.transaction?.sql ?? this.sql);
      } catch (error) {
        // A connection the server closed (a restart, a failover) can still take a statement before this
        // process has seen it close, and a restart closes them all. A read sent on one is sent again
        // once the event loop has had a turn to see the others close: it changes nothing. A write may
        // have run, and a transaction's connection is gone with it.
        const closed = (error as { code?: unknown }).code === 'CONNECTION_CLOSED';
        if (!closed || this.transaction || !isRead(query) || attempt >= maxConnections) throw error;
        await setImmediate();
      }
    }
  }

  private async run<R>(query: CompiledQuery, target: Sql | TransactionSql): Promise<QueryResult<R>> {
    const prepare = isMarkedPrepared(query.sql) || isWriteWithoutStar(query.sql);
    const result = await within(
      target.unsafe(query.sql, query.parameters as postgres.ParameterOrJSON<never>[], { prepare }),
      this.answerWithin,
    );
    const changed = ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(result.command);
    return { numAffectedRows: changed ? BigInt(result.count) : undefined, rows: [...result] as R[] };
  }

  // eslint-disable-next-line require-yield -- Sync never streams a query; Kysely requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Sync does not stream query results');
  }
}

class PipelinedDriver implements Driver {
  private sql: Sql | undefined;
  private ending = false;
  private readonly answerWithin: number | undefined;

  constructor(private readonly options: PipelinedPostgresOptions) {
    this.answerWithin = options.queryTimeoutMs ? options.queryTimeoutMs + 1000 : undefined;
  }

  async init(): Promise<void> {
    // Loaded on first use, so a server on SQLite does not spend start-up time importing it.
    const { default: connect } = await import('postgres');
    const { connectTimeoutMs, queryTimeoutMs } = this.options;
    const { url, socketDirectory } = withoutSocketParameter(this.options.url);
    this.sql = connect(url, {
      ...(socketDirectory ? { host: socketDirectory } : {}),
      max: maxConnections,
      // Connections live until they fail: a recycled connection would read as a lost one in the logs.
      max_lifetime: null,
      ...(connectTimeoutMs ? { connect_timeout: Math.max(1, Math.ceil(connectTimeoutMs / 1000)) } : {}),
      ...(queryTimeoutMs ? { connection: { statement_timeout: queryTimeoutMs } } : {}),
      onnotice: () => undefined,
      onclose: () => {
        if (!this.ending) this.options.onConnectionLost(new Error('PostgreSQL closed a connection'));
      },
      // Counts come back as strings by default; ours stay far below 2^53.
      types: { count: { to: 20, from: [20], serialize: String, parse: Number } },
    });
  }

  async acquireConnection(): Promise<PipelinedConnection> {
    return new PipelinedConnection(this.sql!, this.answerWithin);
  }

  async beginTransaction(connection: PipelinedConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '';
    const opening = openTransaction(this.sql!, isolation);
    try {
      connection.transaction = await within(opening, this.answerWithin);
    } catch (error) {
      // A transaction that opens after all is rolled back, so its connection goes back to the pool.
      void opening.then(
        (transaction) => transaction.end('rollback').catch(() => undefined),
        () => undefined,
      );
      throw error;
    }
  }

  async commitTransaction(connection: PipelinedConnection): Promise<void> {
    await within(connection.transaction!.end('commit'), this.answerWithin);
  }

  async rollbackTransaction(connection: PipelinedConnection): Promise<void> {
    await within(connection.transaction!.end('rollback'), this.answerWithin);
  }

  async releaseConnection(connection: PipelinedConnection): Promise<void> {
    connection.transaction = undefined;
  }

  async destroy(): Promise<void> {
    this.ending = true;
    await this.sql?.end({ timeout: 5 });
  }
}

interface OpenTransaction {
  sql: TransactionSql;
  /** Ends it; resolves once PostgreSQL has (a failed commit rejects). */
  end(outcome: 'commit' | 'rollback'): Promise<void>;
}

const rollingBack = Symbol('rolling back');

/**
 * A transaction through Postgres.js's `begin`, held open for Kysely's begin/commit/rollback calls. `begin`
 * queues on a connection like any statement and keeps it; `reserve` would wait for a connection with
 * nothing queued, which a pipelined pool under load rarely has (likes ran about 20% slower that way).
 */
function openTransaction(sql: Sql, options: string): Promise<OpenTransaction> {
  return new Promise((opened, failed) => {
    let settle!: (outcome: 'commit' | 'rollback') => void;
    const outcome = new Promise<'commit' | 'rollback'>((resolve) => (settle = resolve));
    const done = sql.begin(options, async (transaction) => {
      opened({
        sql: transaction,
        end: async (ending) => {
          settle(ending);
          await done.catch((error: unknown) => {
            if (error !== rollingBack) throw error;
          });
        },
      });
      if ((await outcome) === 'rollback') throw rollingBack;
    });
    // A begin that failed before it opened (no connection, the server refused) fails the opening.
    done.catch(failed);
  });
}

/**
 * libpq and node-postgres name a Unix socket's directory with `?host=/var/run/postgresql` (the README's
 * form); Postgres.js takes the host from the URL's authority only and would send `host` to the server as
 * a setting, which it refuses.
 */
function withoutSocketParameter(url: string): { url: string; socketDirectory: string | undefined } {
  const parsed = new URL(url);
  const socketDirectory = parsed.searchParams.get('host') ?? undefined;
  parsed.searchParams.delete('host');
  return { url: socketDirectory ? parsed.toString() : url, socketDirectory };
}

/**
 * The answer, or a `QueryTimeoutError` after `ms`. The statement is left to finish or fail on its own:
 * a server that answers late still answers on that connection, which then serves again.
 */
function within<T>(work: Promise<T>, ms: number | undefined): Promise<T> {
  if (ms === undefined) return work;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new QueryTimeoutError(`PostgreSQL did not answer within ${ms} ms`)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
