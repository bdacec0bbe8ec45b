import { sql } from 'kysely';
import type { Db } from '../../server/src/data/database.js';

/** Rows that break a maintained counter or a rule; all zero in a consistent database. */
export interface InvariantViolations {
  postsWithWrongLikeCount: number;
  postsWithWrongCommentCount: number;
  usersWithWrongFollowCounts: number;
  selfFollows: number;
  notificationsWithWrongActorCount: number;
}

export interface RowCounts {
  users: number;
  posts: number;
  likes: number;
  dislikes: number;
  comments: number;
  follows: number;
  bookmarks: number;
  postTags: number;
  mentions: number;
  notifications: number;
}

const count = async (db: Db, query: ReturnType<typeof sql<{ n: number | string }>>) =>
  Number((await query.execute(db)).rows[0]?.n ?? 0);

export async function findInvariantViolations(db: Db): Promise<InvariantViolations> {
  return {
    postsWithWrongLikeCount: await count(
      db,
      sql`SELECT count(*) AS n FROM posts p WHERE p.like_count <>
          (SELECT count(*) FROM post_reactions r WHERE r.post_id = p.id AND r.kind = 'like')`,
    ),
    postsWithWrongCommentCount: await count(
      db,
      sql`SELECT count(*) AS n FROM posts p WHERE p.comment_count <>
          (SELECT count(*) FROM comments c WHERE c.post_id = p.id)`,
    ),
    usersWithWrongFollowCounts: await count(
      db,
      sql`SELECT count(*) AS n FROM accounts u
          WHERE u.follower_count <> (SELECT count(*) FROM follows f WHERE f.followee_id = u.id)
             OR u.following_count <> (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)`,
    ),
    selfFollows: await count(db, sql`SELECT count(*) AS n FROM follows WHERE follower_id = followee_id`),
    notificationsWithWrongActorCount: await count(
      db,
      sql`SELECT count(*) AS n FROM notifications n WHERE n.actor_count <>
          (SELECT count(*) FROM notification_actors a WHERE a.notification_id = n.id)`,
    ),
  };
}

export const isConsistent = (violations: InvariantViolations) =>
  Object.values(violations).every((value) => value === 0);

export async function countAllRows(db: Db): Promise<RowCounts> {
  return {
    users: await count(db, sql`SELECT count(*) AS n FROM users`),
    posts: await count(db, sql`SELECT count(*) AS n FROM posts`),
    likes: await count(db, sql`SELECT count(*) AS n FROM post_reactions WHERE kind = 'like'`),
    dislikes: await count(db, sql`SELECT count(*) AS n FROM post_reactions WHERE kind = 'dislike'`),
    comments: await count(db, sql`SELECT count(*) AS n FROM comments`),
    follows: await count(db, sql`SELECT count(*) AS n FROM follows`),
    bookmarks: await count(db, sql`SELECT count(*) AS n FROM bookmarks`),
    postTags: await count(db, sql`SELECT count(*) AS n FROM post_tags`),
    mentions: await count(db, sql`SELECT count(*) AS n FROM mentions`),
    notifications: await count(db, sql`SELECT count(*) AS n FROM notifications`),
  };
}
