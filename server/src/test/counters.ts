import { sql } from 'kysely';
import type { Db } from '../data/database.js';

/**
 * The stored counters that disagree with a recount from the rows: each post's like, comment, repost
 * and quote counts, each user's follower and following counts. Empty when every counter is exact.
 */
export async function counterMismatches(db: Db): Promise<string[]> {
  const { rows: posts } = await sql<{ id: string; stored: string; counted: string }>`
    select p.id,
      p.like_count || '/' || p.comment_count || '/' || p.repost_count || '/' || p.quote_count as stored,
      (select count(*) from post_reactions r where r.post_id = p.id and r.kind = 'like') || '/' ||
        (select count(*) from comments c where c.post_id = p.id) || '/' ||
        (select count(*) from reposts s where s.post_id = p.id) || '/' ||
        (select count(*) from posts q where q.quoted_post_id = p.id and q.quote_state = 'accepted') as counted
    from posts p`.execute(db);
  const { rows: users } = await sql<{ id: string; stored: string; counted: string }>`
    select u.username as id,
      u.follower_count || '/' || u.following_count as stored,
      (select count(*) from follows f where f.followee_id = u.id) || '/' ||
        (select count(*) from follows f where f.follower_id = u.id) as counted
    from accounts u`.execute(db);
  return [
    ...posts
      .filter((row) => row.stored !== row.counted)
      .map(
        (row) => `post ${row.id}: likes/comments/reposts/quotes stored ${row.stored}, counted ${row.counted}`,
      ),
    ...users
      .filter((row) => row.stored !== row.counted)
      .map((row) => `user ${row.id}: followers/following stored ${row.stored}, counted ${row.counted}`),
  ];
}
