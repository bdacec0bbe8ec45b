import type { Kysely } from 'kysely';

/**
 * The durable job queue (docs/decisions/121): work that must happen after a commit, once, even if the
 * process that committed it dies (first: mail). A job is written in the transaction of the change that
 * causes it; a worker of any process claims it (`state` 'running' until `claimed_until`), runs it, and
 * marks it 'done', or 'queued' again at `run_at` after a failure, or 'failed' after the last attempt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(50)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('claimed_until', 'varchar(30)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(30)')
    .execute();
  // Every worker's poll asks for the first due job of a state; the purge reads finished ones by age.
  await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'run_at']).execute();
  await db.schema.createIndex('jobs_by_lease').on('jobs').columns(['state', 'claimed_until']).execute();
  await db.schema.createIndex('jobs_finished').on('jobs').columns(['state', 'finished_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
