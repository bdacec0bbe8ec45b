import type { Post, PostSort } from '@sync/contract';
import type { InfiniteData } from '@tanstack/react-query';

/** Every list of posts in the cache has this page shape, so one helper can update them all in place. */
export type PostPage = { posts: Post[]; nextCursor: string | null };
export type PostPages = InfiniteData<PostPage>;

export const postKeys = {
  all: ['posts'] as const,
  lists: ['posts', 'list'] as const,
  feed: (sort: PostSort) => ['posts', 'list', 'feed', sort] as const,
  user: (username: string) => ['posts', 'list', 'user', username] as const,
  bookmarks: ['posts', 'list', 'bookmarks'] as const,
  timeline: ['posts', 'list', 'timeline'] as const,
  tag: (tag: string) => ['posts', 'list', 'tag', tag] as const,
  search: (q: string) => ['posts', 'list', 'search', q] as const,
  /** The posts that quote one post: a list like the others, so a like or an edit shows in it too. */
  quotes: (postId: string) => ['posts', 'list', 'quotes', postId] as const,
  detail: (postId: string) => ['posts', 'detail', postId] as const,
};
