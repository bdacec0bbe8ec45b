import { sql, type Kysely } from 'kysely';

/**
 * `posts.quote_count` (docs/decisions/092): how many accepted quotes a post has, kept exact as
 * `repost_count` is, so a post's views show the number without counting its quotes. Counted here from
 * the rows: accepted quotes whose quoted post still exists (a detached one, `revoked`, no longer
 * shows it; a deleted quoted post has no count to keep).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('quote_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Only the quoted posts are written; each count is read from `posts_by_quoted`.
  await sql`update posts set quote_count = (
      select count(*) from posts q where q.quoted_post_id = posts.id and q.quote_state = 'accepted'
    )
    where id in (select quoted_post_id from posts where quote_state = 'accepted' and quoted_post_id is not null)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').dropColumn('quote_count').execute();
}
