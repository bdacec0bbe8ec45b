import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.js';
import { databaseMigratedUpTo, inSchemaOfThen } from '../../test/migrated-database.js';
import { migrateToLatest } from '../database.js';

// An existing server upgraded to 029 (docs/decisions/127): its tags stay, without their order, its
// comments have no tag rows yet, and the backfill's first step is queued; a new server queues none.
describeEachDatabase('migration 029_comment_tags', (dialect) => {
  const at = '2026-01-02T03:04:05.000Z';

  describe('on a server with texts', () => {
    const db = databaseMigratedUpTo(dialect, '028_account_versions');

    it('keeps the tags, adds none, and queues the backfill once', async () => {
      await db()
        .insertInto('accounts')
        .values({
          id: 'a1',
          username: 'ada',
          username_key: 'ada',
          first_name: 'Ada',
          last_name: 'Person',
          avatar_url: '',
          bio: '',
          links: '',
          city: '',
          created_at: at,
          updated_at: at,
        })
        .execute();
      await db()
        .insertInto('posts')
        .values({ id: 'p1', author_id: 'a1', content: '#Bread and #rye', created_at: at, updated_at: at })
        .execute();
      await db()
        .insertInto('comments')
        .values({
          id: 'c1',
          post_id: 'p1',
          author_id: 'a1',
          text: 'Yes #rye',
          created_at: at,
          updated_at: at,
        })
        .execute();
      // As the server before 029 wrote a post's tags: without a position.
      await inSchemaOfThen(db())
        .insertInto('post_tags')
        .values(['bread', 'rye'].map((tag) => ({ post_id: 'p1', tag, created_at: at })))
        .execute();

      expect(await migrateToLatest(db())).toEqual([]);

      expect(await db().selectFrom('post_tags').select(['tag', 'position']).orderBy('tag').execute()).toEqual(
        [
          { tag: 'bread', position: null },
          { tag: 'rye', position: null },
        ],
      );
      expect(await db().selectFrom('comment_tags').selectAll().execute()).toEqual([]);
      expect(
        await db().selectFrom('jobs').select(['kind', 'payload', 'state', 'attempts']).execute(),
      ).toEqual([
        {
          kind: 'tags backfill',
          payload: JSON.stringify({ run: '029', texts: 'posts', after: null }),
          state: 'queued',
          attempts: 0,
        },
      ]);
    });
  });

  describe('on a new server', () => {
    const db = databaseMigratedUpTo(dialect, '028_account_versions');

    it('queues no backfill', async () => {
      expect(await migrateToLatest(db())).toEqual([]);
      expect(await db().selectFrom('jobs').selectAll().execute()).toEqual([]);
    });
  });
});
