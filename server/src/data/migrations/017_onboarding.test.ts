import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { databaseMigratedUpTo, inSchemaOfThen } from '../../test/migrated-database.js';
import { migrateToLatest } from '../database.js';

// An existing server upgraded to 017 (docs/decisions/101): its people get the welcome once, its demo's
// accounts and shared guest never.
describeEachDatabase('migration 017_onboarding', (dialect) => {
  const db = databaseMigratedUpTo(dialect, '016_email');

  const joined = '2026-01-02T03:04:05.000Z';
  const account = (id: string, username: string, email: string) => ({
    id,
    username,
    username_key: username.toLowerCase(),
    password_hash: 'x',
    first_name: username,
    last_name: '',
    email,
    email_key: email.toLowerCase(),
    avatar_url: '',
    bio: '',
    links: '',
    city: '',
    created_at: joined,
    updated_at: joined,
  });

  it("welcomes existing people once, never the demo's accounts or its shared guest", async () => {
    await inSchemaOfThen(db())
      .insertInto('users')
      .values([
        account('u1', 'ada', 'ada@example.org'),
        // The demo's, as seeded: the username with its address.
        account('u2', 'lena.k', 'lenak@example.com'),
        account('u3', 'guest', 'guest@example.com'),
        // Someone of the same name on another server is a person like any other.
        account('u4', 'maya.chen', 'maya@example.org'),
        // A shared guest the owner named, whatever its name.
        account('u5', 'visitor', 'visitor@example.org'),
      ])
      .execute();
    await db()
      .insertInto('instance_settings')
      .values({ key: 'shared_guest', value: 'u5', updated_at: joined })
      .execute();

    expect(await migrateToLatest(db())).toEqual([]);

    const rows = await db()
      .selectFrom('accounts')
      .innerJoin('users', 'users.account_id', 'accounts.id')
      .select(['id', 'onboarded_at'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'u1', onboarded_at: null },
      { id: 'u2', onboarded_at: joined },
      { id: 'u3', onboarded_at: joined },
      { id: 'u4', onboarded_at: null },
      { id: 'u5', onboarded_at: joined },
    ]);
  });
});
