import type { LiveEventName, LiveEvents, Post } from '@sync/contract';
import type { QueryClient } from '@tanstack/react-query';
import { notificationKeys, setUnreadCount } from '../../../entities/notifications';
import { postKeys, updatePost } from '../../../entities/posts';
import { refreshOpenReportCount } from '../../../entities/reports';
import type { StreamEvent } from '../../../lib/event-stream';
import { newPosts } from './new-posts';

type Data = Record<string, unknown>;

const isObject = (value: unknown): value is Data => typeof value === 'object' && value !== null;

/** Our own server wrote the data; these only keep a malformed event from breaking the cache. */
const isEventData: { [K in LiveEventName]: (value: Data) => value is LiveEvents[K] & Data } = {
  post: (value): value is LiveEvents['post'] & Data =>
    isObject(value.post) && typeof value.post._id === 'string',
  notification: (value): value is LiveEvents['notification'] & Data =>
    typeof value.unreadCount === 'number' && isObject(value.notification),
  counts: (value): value is LiveEvents['counts'] & Data =>
    typeof value.postId === 'string' &&
    typeof value.likeCount === 'number' &&
    typeof value.commentCount === 'number',
  reset: (value): value is LiveEvents['reset'] & Data => isObject(value),
};

/** The event's data, with any keys a newer server adds (read with care: their type is unknown). */
function parse<K extends LiveEventName>(name: K, data: string): (LiveEvents[K] & Data) | undefined {
  try {
    const value: unknown = JSON.parse(data);
    return isObject(value) && isEventData[name](value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const isEventName = (name: string): name is LiveEventName => Object.hasOwn(isEventData, name);

/** What one event of the stream changes in the query cache (and in the posts waiting to be shown). */
export function applyLiveEvent(client: QueryClient, { event, data }: StreamEvent) {
  if (!isEventName(event)) return;
  switch (event) {
    case 'post': {
      const payload = parse('post', data);
      if (payload) newPosts.add(payload.post);
      return;
    }
    case 'counts': {
      const counts = parse('counts', data);
      if (!counts) return;
      // A server that counts reposts (decision 092) may add repostCount; one that does not leaves it as is.
      const { repostCount } = counts;
      const patch = (post: Post): Post => ({
        ...post,
        likes: { ...post.likes, likeCount: counts.likeCount },
        commentCount: counts.commentCount,
        ...(typeof repostCount === 'number' && { repostCount }),
      });
      updatePost(client, counts.postId, patch);
      newPosts.update(counts.postId, patch);
      return;
    }
    case 'notification': {
      const payload = parse('notification', data);
      if (!payload) return;
      setUnreadCount(client, payload.unreadCount);
      void client.invalidateQueries({ queryKey: notificationKeys.list });
      if (payload.notification.type === 'new_report') refreshOpenReportCount(client);
      return;
    }
    case 'reset':
      // Whatever happened while the events were lost: the bell and the notifications are fetched
      // again now; the post lists when next shown, or when their pill is pressed, so the list someone
      // is reading does not move.
      void client.invalidateQueries({ queryKey: notificationKeys.unread });
      void client.invalidateQueries({ queryKey: notificationKeys.list });
      void client.invalidateQueries({ queryKey: postKeys.lists, refetchType: 'none' });
      return;
  }
}
