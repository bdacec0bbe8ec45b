import { sql, type Kysely } from 'kysely';

/**
 * One row whose version moves with every change to what a user summary shows (an avatar, a deleted
 * account), in the same transaction: summaries are cached while it stays what it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('profiles_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into profiles_version (id, version) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('profiles_version').execute();
}
