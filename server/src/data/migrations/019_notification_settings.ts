import { sql, type Kysely } from 'kysely';

/**
 * What notifies a person (issue 29, docs/decisions/104): `notification_settings`, one row per person
 * who changed anything (no row: every kind, from anyone). `muted_types` lists the kinds turned off,
 * comma-separated; `only_from_following` (0 or 1) keeps only the notifications some person the
 * recipient follows caused. The notifications themselves are still written: the reads leave out what
 * these say, so turning a kind back on shows it again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('muted_types', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('only_from_following', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`only_from_following in (0, 1)`),
    )
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_settings').execute();
}
