import type { Post } from '@sync/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { postKeys, type PostPage, type PostPages } from './keys';

/** Fields a mutation answer carries that a cached copy (list preview or full detail) should take on. */
export function mergePost(old: Post, fresh: Post): Post {
  return {
    ...old,
    content: fresh.content,
    updatedAt: fresh.updatedAt,
    likes: fresh.likes,
    commentCount: fresh.commentCount,
    viewer: fresh.viewer ?? old.viewer,
  };
}

function mapPages(data: PostPages | undefined, fn: (posts: Post[]) => Post[]): PostPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, posts: fn(page.posts) })) };
}

export function updatePost(client: QueryClient, postId: string, update: (post: Post) => Post) {
  client.setQueriesData<PostPages>({ queryKey: postKeys.lists }, (data) =>
    mapPages(data, (posts) => posts.map((post) => (post._id === postId ? update(post) : post))),
  );
  client.setQueryData<Post>(postKeys.detail(postId), (post) => (post ? update(post) : post));
}

export function removePostFromList(client: QueryClient, queryKey: QueryKey, postId: string) {
  client.setQueriesData<PostPages>({ queryKey }, (data) =>
    mapPages(data, (posts) => posts.filter((post) => post._id !== postId)),
  );
}

/** Puts a post at the top of a list that is already in the cache; lists not loaded yet are left alone. */
export function prependPost(client: QueryClient, queryKey: QueryKey, post: Post) {
  client.setQueryData<PostPages>(queryKey, (data) => {
    if (!data) return data;
    const [first, ...rest] = data.pages;
    const firstPage: PostPage = first ?? { posts: [], nextCursor: null };
    const withoutIt = firstPage.posts.filter((p) => p._id !== post._id);
    return { ...data, pages: [{ ...firstPage, posts: [post, ...withoutIt] }, ...rest] };
  });
}

/** A copy of every cached post query, to put back when an optimistic change fails. */
export function snapshotPosts(client: QueryClient) {
  return client.getQueriesData<unknown>({ queryKey: postKeys.all });
}

export function restorePosts(client: QueryClient, snapshot: ReturnType<typeof snapshotPosts>) {
  for (const [key, data] of snapshot) client.setQueryData(key, data);
}

/** A cached copy of a post from any list, to show at once while the full post loads. */
export function findCachedPost(client: QueryClient, postId: string): Post | undefined {
  for (const [, data] of client.getQueriesData<PostPages>({ queryKey: postKeys.lists })) {
    for (const page of data?.pages ?? []) {
      const found = page.posts.find((post) => post._id === postId);
      if (found) return found;
    }
  }
  return undefined;
}

export function flattenPages(data: PostPages | undefined): Post[] {
  if (!data) return [];
  const seen = new Set<string>();
  const posts: Post[] = [];
  for (const page of data.pages) {
    for (const post of page.posts) {
      if (seen.has(post._id)) continue;
      seen.add(post._id);
      posts.push(post);
    }
  }
  return posts;
}
