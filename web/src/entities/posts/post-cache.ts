import type { Post } from '@sync/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { postKeys, type PostPage, type PostPages } from './keys';

/**
 * Takes only the fields a change is about from its answer: the rest of the answer may be older than
 * another change still in flight (a like's answer carries the bookmark flag from before a bookmark).
 */
export function takeFields(fresh: Post, fields: readonly (keyof Post)[]) {
  return (old: Post): Post => {
    const next = { ...old };
    for (const field of fields) Object.assign(next, { [field]: fresh[field] });
    return next;
  };
}

export function setViewer(post: Post, flags: Partial<NonNullable<Post['viewer']>>): Post {
  return { ...post, viewer: { liked: false, disliked: false, bookmarked: false, ...post.viewer, ...flags } };
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

/**
 * Takes someone's posts out of every list at once (after a block or a mute). Lists only: a post's own
 * screen, if open, keeps showing what the person chose to open; and after a mute their own profile's
 * lists keep them, as the server's do (a mute hides them from feeds, not from where one goes to see them).
 */
export function removePostsBy(client: QueryClient, username: string, options: { keepTheirProfile: boolean }) {
  const theirProfile = postKeys.user(username);
  const isTheirProfile = (key: QueryKey) => theirProfile.every((part, i) => key[i] === part);
  client.setQueriesData<PostPages>(
    {
      queryKey: postKeys.lists,
      predicate: (query) => !(options.keepTheirProfile && isTheirProfile(query.queryKey)),
    },
    (data) => mapPages(data, (posts) => posts.filter((post) => post.username !== username)),
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

/** A cached copy of a post from its detail entry or any list. */
export function findCachedPost(client: QueryClient, postId: string): Post | undefined {
  const detail = client.getQueryData<Post>(postKeys.detail(postId));
  if (detail) return detail;
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
