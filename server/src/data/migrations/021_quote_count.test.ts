import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { databaseMigratedUpTo, inSchemaOfThen } from '../../test/migrated-database.js';
import { migrateToLatest } from '../database.js';

// An existing server upgraded to 021 (docs/decisions/092): each post's quote count is its accepted quotes.
describeEachDatabase('migration 021_quote_count', (dialect) => {
  const db = databaseMigratedUpTo(dialect, '020_signup_app');

  const at = '2026-01-02T03:04:05.000Z';

  it('counts the accepted quotes of each post, not the revoked ones nor those of a deleted post', async () => {
    await inSchemaOfThen(db())
      .insertInto('users')
      .values({
        id: 'u1',
        username: 'ada',
        username_key: 'ada',
        password_hash: 'x',
        first_name: 'Ada',
        last_name: '',
        email: 'ada@example.org',
        email_key: 'ada@example.org',
        avatar_url: '',
        bio: '',
        links: '',
        city: '',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const post = (id: string, quote?: { of: string | null; state: 'accepted' | 'revoked' }) => ({
      id,
      author_id: 'u1',
      content: id,
      created_at: at,
      updated_at: at,
      ...(quote && { quoted_post_id: quote.of, quote_state: quote.state }),
    });
    await db()
      .insertInto('posts')
      .values([
        post('p1'),
        post('p2'),
        post('p3'),
        post('q1', { of: 'p1', state: 'accepted' }),
        post('q2', { of: 'p1', state: 'accepted' }),
        post('q3', { of: 'p1', state: 'revoked' }),
        post('q4', { of: 'p2', state: 'revoked' }),
        // It quoted a post deleted since.
        post('q5', { of: null, state: 'accepted' }),
        post('q6', { of: 'q1', state: 'accepted' }),
      ])
      .execute();

    expect(await migrateToLatest(db())).toEqual([]);

    const rows = await db().selectFrom('posts').select(['id', 'quote_count']).orderBy('id').execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, row.quote_count]))).toEqual({
      p1: 2,
      p2: 0,
      p3: 0,
      q1: 1,
      q2: 0,
      q3: 0,
      q4: 0,
      q5: 0,
      q6: 0,
    });
  });
});
