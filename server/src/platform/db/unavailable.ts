/**
 * Whether an error means the database cannot answer right now (it is down, restarting, unreachable,
 * too slow or out of connections), as opposed to a bug or bad data: the request is answered 503 and
 * may be retried.
 */
/**
 * The socket to PostgreSQL failed, Postgres.js gave up on a connection, or the server did not answer in
 * time (`QUERY_TIMEOUT`, db/postgres-pipelined.ts).
 */
const connectionFailures = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'QUERY_TIMEOUT',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // SQLite: another process holds the write lock longer than busy_timeout.
    if (code === 'SQLITE_BUSY') return true;
    // PostgreSQL classes 08 (connection exception), 53 (insufficient resources: too many connections)
    // and 57 (operator intervention: statement timeout, shutdown, pg_terminate_backend, starting up).
    if (/^(08|53|57)[0-9A-Z]{3}$/.test(code)) return true;
    if (connectionFailures.has(code)) return true;
  }
  return false;
}
