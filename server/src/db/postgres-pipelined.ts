import {
  CompiledQuery,
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
 * backends. A transaction reserves a connection of its own. (The published `kysely-postgres-js` dialect
 * reserves a connection for every statement, which gives the pipelining up.)
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
export class QueryTimeoutError extends Error {
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

const maxConnections = 10;

/** Sync's reads are the statements that start with `select` (its writes run `insert`, `update`, `delete`). */
const isRead = (query: CompiledQuery) => /^\s*select\b/i.test(query.sql);

class PipelinedConnection implements DatabaseConnection {
  /** Set while a transaction runs: its statements all go to this one connection. */
  reserved: postgres.ReservedSql<{ count: number }> | undefined;

  constructor(
    private readonly sql: Sql,
    private readonly answerWithin: number | undefined,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.run(query, this.reserved ?? this.sql);
      } catch (error) {
        // A connection the server closed (a restart, a failover) can still take a statement before this
        // process has seen it close, and a restart closes them all. A read sent on one is sent again
        // once the event loop has had a turn to see the others close: it changes nothing. A write may
        // have run, and a transaction's connection is gone with it.
        const closed = (error as { code?: unknown }).code === 'CONNECTION_CLOSED';
        if (!closed || this.reserved || !isRead(query) || attempt >= maxConnections) throw error;
        await setImmediate();
      }
    }
  }

  private async run<R>(query: CompiledQuery, target: Sql): Promise<QueryResult<R>> {
    // Only statements marked in the code are prepared: they name their columns, so a column a newer
    // Sync adds cannot change a prepared statement's result under it (db/prepared.ts).
    const prepare = isMarkedPrepared(query.sql);
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
    const reserving = this.sql!.reserve();
    try {
      connection.reserved = await within(reserving, this.answerWithin);
    } catch (error) {
      // A connection that comes free after all goes back to the pool.
      void reserving.then(
        (reserved) => reserved.release(),
        () => undefined,
      );
      throw error;
    }
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(connection: PipelinedConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: PipelinedConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: PipelinedConnection): Promise<void> {
    connection.reserved?.release();
    connection.reserved = undefined;
  }

  async destroy(): Promise<void> {
    this.ending = true;
    await this.sql?.end({ timeout: 5 });
  }
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
