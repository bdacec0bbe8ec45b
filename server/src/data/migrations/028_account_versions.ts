import { sql, type Kysely } from 'kysely';

/**
 * Per-account versions (docs/decisions/126): every change to what an account shows moves that
 * account's `accounts.version` (027 added it), so the one row that moved with every profile change
 * anywhere, and emptied every process's kept summaries and accounts with it, goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('profiles_version').execute();
}

/**
 * The row as 004 made it, copied (a migration imports nothing, not even another migration): a server
 * from before 028 keeps its summaries by it again.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('profiles_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into profiles_version (id, version) values (1, 0)`.execute(db);
}
