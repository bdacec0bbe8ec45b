import type { Post } from '@sync/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notificationKeys } from '../../../entities/notifications';
import { openReportCountKey } from '../../../entities/reports';
import { postKeys, type PostPages } from '../../../entities/posts';
import type { StreamEvent } from '../../../lib/event-stream';
import { applyLiveEvent } from './apply-event';
import { newPosts } from './new-posts';
import { NewPostsPill } from '../components/new-posts-pill';

function post(id: string, minute: number, likeCount = 0): Post {
  const at = `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
  return {
    _id: id,
    content: `post ${id}`,
    username: 'maya.chen',
    firstName: 'Maya',
    lastName: 'Chen',
    avatarURL: '',
    createdAt: at,
    updatedAt: at,
    likes: { likeCount, likedBy: [], dislikedBy: [] },
    comments: [],
    commentCount: 0,
    viewer: { liked: false, disliked: false, bookmarked: false },
  };
}

const pages = (posts: Post[]): PostPages => ({ pages: [{ posts, nextCursor: null }], pageParams: [null] });
const ids = (data: PostPages | undefined) => data?.pages.flatMap((page) => page.posts.map((p) => p._id));

let eventId = 0;
const frame = (event: string, data: unknown): StreamEvent => ({
  id: String(++eventId),
  event,
  data: JSON.stringify(data),
});

const feed = postKeys.feed('newest');
let client: QueryClient;

function renderPill() {
  return render(
    <QueryClientProvider client={client}>
      <NewPostsPill queryKey={feed} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  // jsdom lays nothing out and cannot scroll; the e2e test sees the pill scroll to the top.
  window.scrollTo = () => {};
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  newPosts.clear();
});

afterEach(() => {
  cleanup();
  client.clear();
});

describe('live events in the query cache', () => {
  it('counts patch the post in every list, its detail entry, and the posts waiting to be shown', () => {
    client.setQueryData(feed, pages([post('a', 1, 2), post('b', 0)]));
    client.setQueryData(postKeys.user('maya.chen'), pages([post('a', 1, 2)]));
    client.setQueryData(postKeys.detail('a'), post('a', 1, 2));
    applyLiveEvent(client, frame('post', { post: post('c', 2) }));

    applyLiveEvent(client, frame('counts', { postId: 'a', likeCount: 5, commentCount: 3 }));
    applyLiveEvent(client, frame('counts', { postId: 'c', likeCount: 1, commentCount: 1 }));

    for (const key of [feed, postKeys.user('maya.chen')]) {
      const a = client.getQueryData<PostPages>(key)!.pages[0]!.posts[0]!;
      expect([a.likes.likeCount, a.commentCount]).toEqual([5, 3]);
    }
    expect(client.getQueryData<Post>(postKeys.detail('a'))!.likes.likeCount).toBe(5);
    expect(client.getQueryData<PostPages>(feed)!.pages[0]!.posts[1]!.likes.likeCount).toBe(0);

    renderPill();
    fireEvent.click(screen.getByRole('button', { name: 'Show 1 new post' }));
    const c = client.getQueryData<PostPages>(feed)!.pages[0]!.posts[0]!;
    expect([c._id, c.likes.likeCount, c.commentCount]).toEqual(['c', 1, 1]);
  });

  it('counts carrying repostCount patch it too; without it, it stays', () => {
    client.setQueryData(feed, pages([{ ...post('a', 1, 2), repostCount: 4 }]));
    applyLiveEvent(client, frame('counts', { postId: 'a', likeCount: 1, commentCount: 2 }));
    expect(client.getQueryData<PostPages>(feed)!.pages[0]!.posts[0]!.repostCount).toBe(4);
    applyLiveEvent(client, frame('counts', { postId: 'a', likeCount: 1, commentCount: 2, repostCount: 7 }));
    expect(client.getQueryData<PostPages>(feed)!.pages[0]!.posts[0]!.repostCount).toBe(7);
  });

  it('a notification sets the bell’s count and marks the notifications list stale', async () => {
    client.setQueryData(notificationKeys.unread, 0);
    client.setQueryData(notificationKeys.list, { pages: [], pageParams: [] });
    applyLiveEvent(client, frame('notification', { notification: { _id: 'n1' }, unreadCount: 4 }));
    expect(client.getQueryData(notificationKeys.unread)).toBe(4);
    expect(client.getQueryState(notificationKeys.list)!.isInvalidated).toBe(true);
  });

  it('a new report refreshes the count of open reports; another notification leaves it', () => {
    client.setQueryData(openReportCountKey, 2);
    applyLiveEvent(
      client,
      frame('notification', { notification: { _id: 'n1', type: 'like' }, unreadCount: 1 }),
    );
    expect(client.getQueryState(openReportCountKey)!.isInvalidated).toBe(false);
    applyLiveEvent(
      client,
      frame('notification', { notification: { _id: 'n2', type: 'new_report' }, unreadCount: 2 }),
    );
    expect(client.getQueryState(openReportCountKey)!.isInvalidated).toBe(true);
  });

  it('malformed and unknown events change nothing', () => {
    client.setQueryData(feed, pages([post('a', 1, 2)]));
    const before = client.getQueryData(feed);
    applyLiveEvent(client, { id: '1', event: 'counts', data: '{"postId":"a"' });
    applyLiveEvent(client, { id: '2', event: 'counts', data: '{"postId":"a","likeCount":"9"}' });
    applyLiveEvent(client, { id: '3', event: 'post', data: '{"post":null}' });
    applyLiveEvent(client, { id: '5', event: 'notification', data: '{"unreadCount":3}' });
    applyLiveEvent(client, { id: '4', event: 'toString', data: '{}' });
    expect(client.getQueryData(feed)).toBe(before);
    renderPill();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('NewPostsPill', () => {
  it('offers the announced posts the list does not show, once each, and shows them on a press', async () => {
    client.setQueryData(feed, pages([post('old', 0)]));
    renderPill();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');

    act(() => {
      applyLiveEvent(client, frame('post', { post: post('first', 1) }));
      applyLiveEvent(client, frame('post', { post: post('second', 2) }));
      // Already in the list (the tab's own post) and a replay after a reconnect: neither counts.
      applyLiveEvent(client, frame('post', { post: post('old', 0) }));
      applyLiveEvent(client, frame('post', { post: post('first', 1) }));
    });
    expect(screen.getByRole('status').textContent).toBe('2 new posts');
    // The list did not move on its own.
    expect(ids(client.getQueryData(feed))).toEqual(['old']);

    fireEvent.click(screen.getByRole('button', { name: 'Show 2 new posts' }));
    expect(ids(client.getQueryData(feed))).toEqual(['second', 'first', 'old']);
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('');

    // The same events replayed after a reconnect offer nothing again.
    act(() => {
      applyLiveEvent(client, frame('post', { post: post('second', 2) }));
      applyLiveEvent(client, frame('post', { post: post('first', 1) }));
    });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers nothing for a list that is not loaded (it will be fetched fresh when shown)', () => {
    renderPill();
    act(() => applyLiveEvent(client, frame('post', { post: post('first', 1) })));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('after a reset, leaves the list in place and offers to fetch it again', async () => {
    let served = [post('old', 0)];
    let fetches = 0;
    await client.prefetchInfiniteQuery({
      queryKey: feed,
      queryFn: () => {
        fetches++;
        return { posts: served, nextCursor: null };
      },
      initialPageParam: null,
    });
    client.setQueryData(notificationKeys.unread, 1);
    renderPill();

    served = [post('missed', 1), post('old', 0)];
    act(() => applyLiveEvent(client, frame('reset', {})));
    expect(client.getQueryState(notificationKeys.unread)!.isInvalidated).toBe(true);
    expect(client.getQueryState(feed)!.isInvalidated).toBe(true);
    expect(fetches).toBe(1);
    expect(ids(client.getQueryData(feed))).toEqual(['old']);

    fireEvent.click(screen.getByRole('button', { name: 'Show new posts' }));
    await waitFor(() => expect(ids(client.getQueryData(feed))).toEqual(['missed', 'old']));
    expect(fetches).toBe(2);
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
  });

  it('offers nothing for a stale list while it is fetched again anyway', async () => {
    let release = () => {};
    let fetches = 0;
    await client.prefetchInfiniteQuery({
      queryKey: feed,
      queryFn: async () => {
        if (++fetches > 1) await new Promise<void>((resolve) => (release = resolve));
        return { posts: [post('old', 0)], nextCursor: null };
      },
      initialPageParam: null,
    });
    renderPill();
    act(() => applyLiveEvent(client, frame('reset', {})));
    expect(screen.getByRole('button', { name: 'Show new posts' })).toBeTruthy();

    let refetched: Promise<void> = Promise.resolve();
    act(() => {
      refetched = client.refetchQueries({ queryKey: feed });
    });
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
    await act(async () => {
      release();
      await refetched;
    });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
