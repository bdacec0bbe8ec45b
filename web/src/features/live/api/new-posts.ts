import type { Post } from '@sync/contract';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { prependPost, type PostPages } from '../../../entities/posts';

/** Enough for any pill; older ones are dropped (a list refetched later has them anyway). */
const MAX_PENDING = 100;

/**
 * Posts the stream announced, newest first, waiting to be shown: a list never takes them in on its
 * own (it would move under the reader), only when its pill is pressed. Kept once per tab, by id, so
 * a reconnect that replays an event adds nothing.
 */
let pending: Post[] = [];
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

const byNewest = (a: Post, b: Post) => b.createdAt.localeCompare(a.createdAt);

export const newPosts = {
  add(post: Post) {
    if (pending.some((p) => p._id === post._id)) return;
    pending = [post, ...pending].sort(byNewest).slice(0, MAX_PENDING);
    emit();
  },
  update(postId: string, update: (post: Post) => Post) {
    if (!pending.some((p) => p._id === postId)) return;
    pending = pending.map((post) => (post._id === postId ? update(post) : post));
    emit();
  },
  clear() {
    pending = [];
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const getPending = () => pending;

/** A list's cached state, followed as it changes (without fetching it, unlike `useQuery`). */
function useCachedList(queryKey: QueryKey) {
  const client = useQueryClient();
  const subscribe = useCallback(
    (listener: () => void) => client.getQueryCache().subscribe(listener),
    [client],
  );
  return useSyncExternalStore(subscribe, () => client.getQueryState<PostPages>(queryKey));
}

export type NewPosts = {
  /** The announced posts this list does not show yet, newest first. */
  posts: Post[];
  /**
   * The list was marked stale (as after a `reset`: events were lost) and is not refetched while shown:
   * it may be missing posts nobody announced.
   */
  missed: boolean;
};

/** What the pill of the list cached under `queryKey` offers; nothing while the list is not loaded. */
export function useNewPosts(queryKey: QueryKey): NewPosts {
  const state = useCachedList(queryKey);
  const all = useSyncExternalStore(newPosts.subscribe, getPending);
  const data = state?.data;
  const posts = useMemo(() => {
    if (!data) return [];
    const shown = new Set(data.pages.flatMap((page) => page.posts.map((post) => post._id)));
    return all.filter((post) => !shown.has(post._id));
  }, [data, all]);
  // While it is being fetched again anyway (as when it comes back on screen), there is nothing to offer.
  const missed = data !== undefined && state?.isInvalidated === true && state.fetchStatus === 'idle';
  return { posts, missed };
}

/**
 * Puts the announced posts at the top of the list, in order; a list that may have missed some is
 * fetched again as well.
 */
export async function showNewPosts(client: QueryClient, queryKey: QueryKey, { posts, missed }: NewPosts) {
  for (const post of [...posts].reverse()) prependPost(client, queryKey, post);
  if (missed) await client.refetchQueries({ queryKey, exact: true });
}
