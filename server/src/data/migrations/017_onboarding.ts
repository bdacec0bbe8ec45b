import { sql, type Kysely } from 'kysely';

/**
 * The web client's welcome (issue 29, docs/decisions/101).
 * - `users.onboarded_at`: when the person finished or skipped the welcome; null until then. Accounts
 *   that exist before this migration get the welcome once too, as new ones do, so they stay null...
 * - ...except the demo's: its seeded accounts (each the username with its seeded address) and the
 *   shared guest (`instance_settings.shared_guest`, decision 100) count as welcomed, so Guest Login on
 *   an existing demo still goes straight to the feed. The list is the seed's as of this migration: a
 *   migration does not read code that may change after it.
 */
const seededDemoAccounts = [
  ['guest', 'guest@example.com'],
  ['maya.chen', 'mayachen@example.com'],
  ['olu_ade', 'oluade@example.com'],
  ['lena.k', 'lenak@example.com'],
  ['sam_rivera', 'samrivera@example.com'],
  ['noor.h', 'noorh@example.com'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('onboarded_at', 'varchar(30)').execute();
  for (const [username, email] of seededDemoAccounts) {
    await sql`update users set onboarded_at = created_at
      where username_key = ${username} and email = ${email}`.execute(db);
  }
  await sql`update users set onboarded_at = created_at
    where onboarded_at is null
      and id in (select value from instance_settings where key = 'shared_guest')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('onboarded_at').execute();
}
