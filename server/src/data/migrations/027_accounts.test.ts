import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { databaseMigratedUpTo, inSchemaOfThen } from '../../test/migrated-database.js';
import { migrateToLatest } from '../database.js';

// An existing server upgraded to 027 (docs/decisions/125): its people become accounts with logins, the
// ids kept, every reference to them kept, and a username still one account's.
describeEachDatabase('migration 027_accounts', (dialect) => {
  const db = databaseMigratedUpTo(dialect, '026_job_queue');

  const at = '2026-01-02T03:04:05.000Z';
  const person = (id: string, username: string, login: Record<string, unknown>) => ({
    id,
    username,
    username_key: username.toLowerCase(),
    first_name: username,
    last_name: 'Person',
    bio: `${username}'s bio`,
    avatar_url: `/avatars/${username}.png`,
    created_at: at,
    updated_at: at,
    password_hash: `hash of ${username}`,
    email: `${username}@example.org`,
    email_key: `${username}@example.org`,
    ...login,
  });

  it('keeps every person as an account with a login, and every reference to them', async () => {
    // One statement each: SQLite writes no default for a column only some rows of a statement name.
    const written = [
      person('u1', 'Ada', {
        role: 'admin',
        token_version: 3,
        quote_policy: 'followers',
        onboarded_at: at,
        email_confirmed_at: at,
        rules_version: 7,
        suspended_at: at,
        following_count: 1,
      }),
      person('u2', 'bob', { pending_since: at, signup_reason: 'I bake.', follower_count: 1 }),
    ];
    for (const row of written) await inSchemaOfThen(db()).insertInto('users').values(row).execute();
    await db()
      .insertInto('posts')
      .values({ id: 'p1', author_id: 'u1', content: 'Hello', created_at: at, updated_at: at })
      .execute();
    await db()
      .insertInto('follows')
      .values({ follower_id: 'u1', followee_id: 'u2', created_at: at })
      .execute();

    expect(await migrateToLatest(db())).toEqual([]);

    expect(
      await db()
        .selectFrom('accounts')
        .select([
          'id',
          'username',
          'username_key',
          'domain',
          'uri',
          'version',
          'bio',
          'avatar_url',
          'follower_count',
          'following_count',
          'suspended_at',
          'created_at',
        ])
        .orderBy('id')
        .execute(),
    ).toEqual([
      {
        id: 'u1',
        username: 'Ada',
        username_key: 'ada',
        domain: null,
        uri: null,
        version: 0,
        bio: "Ada's bio",
        avatar_url: '/avatars/Ada.png',
        follower_count: 0,
        following_count: 1,
        suspended_at: at,
        created_at: at,
      },
      {
        id: 'u2',
        username: 'bob',
        username_key: 'bob',
        domain: null,
        uri: null,
        version: 0,
        bio: "bob's bio",
        avatar_url: '/avatars/bob.png',
        follower_count: 1,
        following_count: 0,
        suspended_at: null,
        created_at: at,
      },
    ]);
    expect(await db().selectFrom('users').selectAll().orderBy('account_id').execute()).toEqual([
      {
        account_id: 'u1',
        password_hash: 'hash of Ada',
        email: 'Ada@example.org',
        email_key: 'Ada@example.org',
        email_confirmed_at: at,
        role: 'admin',
        token_version: 3,
        onboarded_at: at,
        signup_app_id: null,
        pending_since: null,
        signup_reason: '',
        invite_id: null,
        rules_version: 7,
        quote_policy: 'followers',
        created_at: at,
      },
      {
        account_id: 'u2',
        password_hash: 'hash of bob',
        email: 'bob@example.org',
        email_key: 'bob@example.org',
        email_confirmed_at: null,
        role: 'user',
        token_version: 0,
        onboarded_at: null,
        signup_app_id: null,
        pending_since: at,
        signup_reason: 'I bake.',
        invite_id: null,
        rules_version: 0,
        quote_policy: 'anyone',
        created_at: at,
      },
    ]);

    if (dialect === 'sqlite') {
      // The rebuild turned them off for itself only.
      const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db());
      expect(rows[0]?.foreign_keys).toBe(1);
    }

    // The references now name the account, and its deletion takes what referenced it, its login too.
    await db().deleteFrom('accounts').where('id', '=', 'u1').execute();
    expect(await db().selectFrom('posts').select('id').execute()).toEqual([]);
    expect(await db().selectFrom('follows').select('follower_id').execute()).toEqual([]);
    expect(await db().selectFrom('users').select('account_id').execute()).toEqual([{ account_id: 'u2' }]);
  });

  it('keeps a username one local account’s whatever its case, and one per other server', async () => {
    const account = (id: string, username: string, domain: string | null) =>
      db()
        .insertInto('accounts')
        .values({
          id,
          username,
          username_key: username.toLowerCase(),
          domain,
          first_name: username,
          last_name: '',
          avatar_url: '',
          bio: '',
          links: '',
          city: '',
          created_at: at,
          updated_at: at,
        })
        .execute();
    await expect(account('u3', 'BOB', null)).rejects.toThrow();
    // The same name on other servers is someone else each time, but once per server.
    await account('r1', 'bob', 'example.net');
    await account('r2', 'bob', 'example.com');
    await expect(account('r3', 'Bob', 'example.net')).rejects.toThrow();
    // One address, one login.
    await expect(
      db()
        .insertInto('users')
        .values({
          account_id: 'r1',
          password_hash: 'x',
          email: 'BOB@example.org',
          email_key: 'bob@example.org',
          created_at: at,
        })
        .execute(),
    ).rejects.toThrow();
  });
});
