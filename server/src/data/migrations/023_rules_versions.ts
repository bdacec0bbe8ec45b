import { sql, type Kysely } from 'kysely';

/**
 * Versions of what the rules stage reads (docs/decisions/112), each moved in the transaction of every
 * change to it, and read at the start of every request so that kept rules older than them are not used:
 * - `users.rules_version`: the person's own rules (their blocks and the blocks of them, mutes, filters,
 *   notification settings, follows);
 * - `moderation_version`, one row: everyone's suspensions and limits, which every viewer's rules hold.
 * A server still on the previous version leaves them where they are: its writes are heard on the event
 * channel only, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('rules_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('moderation_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into moderation_version (id, version) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('moderation_version').execute();
  await db.schema.alterTable('users').dropColumn('rules_version').execute();
}
