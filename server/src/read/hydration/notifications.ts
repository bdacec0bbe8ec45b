import { Limits } from '@sync/contract';
import * as comments from '../../data/comments.repo.js';
import * as notifications from '../../data/notifications.repo.js';
import type { NotificationRecord } from '../../data/notifications.repo.js';
import * as posts from '../../data/posts.repo.js';
import { groupBy } from '../../platform/db/chunks.js';
import type { ReadContext } from './context.js';
import type { HydratedComment, HydratedPage, HydratedPost } from './hydrator.js';

export interface HydratedNotifications {
  records: NotificationRecord[];
  /** The newest actors of each notification, newest first. */
  actors: Map<string, string[]>;
  posts: Map<string, HydratedPost>;
  comments: Map<string, HydratedComment>;
  /** The people, the viewer's marks, and the profiles' version the people were kept at. */
  page: Omit<HydratedPage, 'posts'>;
  viewerId: string;
  /** When the viewer last marked their notifications as read. */
  readAt: string;
}

const distinct = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];

/**
 * Hydrates notification records: actors, posts and comments in batches (posts through the post
 * cache), so a page costs the same number of queries whatever its size.
 */
export async function hydrateNotifications(
  context: ReadContext,
  viewerId: string,
  items: notifications.NotificationRecord[],
  readAt: string,
): Promise<HydratedNotifications> {
  const { db, dialect, hydrator } = context;
  const [actors, postRecords, commentRecords] = await Promise.all([
    notifications.newestActors(
      db,
      dialect,
      items.map((item) => item.id),
      Limits.previewSize,
    ),
    posts.postsByIds(db, dialect, distinct(items.map((item) => item.post_id))),
    comments.commentsByIds(db, dialect, distinct(items.map((item) => item.comment_id))),
  ]);
  const [hydratedPosts, hydratedComments] = await Promise.all([
    hydrator.posts(postRecords, 'preview'),
    hydrator.comments(commentRecords),
  ]);
  const shown = { posts: hydratedPosts, comments: hydratedComments };
  const page = await hydrator.peopleAndMarks(
    shown,
    viewerId,
    actors.map((actor) => actor.actor_id),
  );
  const actorsOf = groupBy(actors, (actor) => actor.notification_id);
  return {
    records: items,
    actors: new Map([...actorsOf].map(([id, rows]) => [id, rows.map((row) => row.actor_id)])),
    posts: new Map(hydratedPosts.map((post) => [post.record.id, post])),
    comments: new Map(hydratedComments.map((comment) => [comment.record.id, comment])),
    page,
    viewerId,
    readAt,
  };
}
