import { sql } from 'kysely';

/**
 * Marks a hot statement of fixed text that PostgreSQL should parse and plan once per connection and
 * then only run: a feed page's statements took longer to plan (185–200 µs for the marks) than to run.
 * Put it right after `select` (a query builder's `modifyFront`). Only statements that name their columns
 * are marked, so a column a newer Sync adds never changes a prepared statement's result (PostgreSQL
 * refuses that). SQLite keeps every statement prepared anyway and reads the mark as a comment.
 */
export const preparedOnPostgres = sql.raw(`/* prepared */`);

const marker = '/* prepared */';

/** Whether PostgreSQL runs this statement prepared (db/postgres-pipelined.ts). */
export const isMarkedPrepared = (text: string): boolean => text.includes(marker);
