import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { databaseMigratedUpTo, inSchemaOfThen } from '../../test/migrated-database.js';
import { migrateToLatest, migrations } from '../database.js';

// An existing server upgraded to 028 (docs/decisions/126): the one profiles' version goes, each account
// keeps the version it had; undone, the row comes back as 004 made it.
describeEachDatabase('migration 028_account_versions', (dialect) => {
  const db = databaseMigratedUpTo(dialect, '027_accounts');

  const profilesVersionRows = () =>
    sql<{ version: number }>`select version from profiles_version`.execute(inSchemaOfThen(db()));

  it('drops the profiles’ version and keeps the accounts’ versions; down brings the row back', async () => {
    const then = inSchemaOfThen(db());
    const at = '2026-01-02T03:04:05.000Z';
    await then
      .insertInto('accounts')
      .values({
        id: 'a1',
        username: 'Ada',
        username_key: 'ada',
        first_name: 'Ada',
        last_name: '',
        version: 4,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await sql`update profiles_version set version = 9`.execute(then);

    expect(await migrateToLatest(db())).toEqual([]);
    await expect(profilesVersionRows()).rejects.toThrow(/profiles_version/);
    const kept = await then.selectFrom('accounts').select(['id', 'version']).execute();
    expect(kept).toEqual([{ id: 'a1', version: 4 }]);

    await migrations['028_account_versions']!.down!(then);
    expect((await profilesVersionRows()).rows).toEqual([{ version: 0 }]);
  });
});
