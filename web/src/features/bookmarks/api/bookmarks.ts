import type { BookmarksReply, BookmarkStateReply, Post } from '@sync/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { PAGE_SIZE } from '../../../lib/query-client';
import { toastError } from '../../../lib/toast';
import { postKeys } from '../../posts/api/keys';
import {
  prependPost,
  removePostFromList,
  restorePosts,
  snapshotPosts,
  updatePost,
} from '../../posts/api/post-cache';

export function useBookmarks() {
  return useInfiniteQuery({
    queryKey: postKeys.bookmarks,
    queryFn: async ({ pageParam }) => {
      const reply = await api<BookmarksReply>('/users/bookmark', {
        query: { limit: PAGE_SIZE, cursor: pageParam },
      });
      return { posts: reply.bookmarks, nextCursor: reply.nextCursor ?? null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Add or remove a bookmark, shown at once (also on /bookmark) and undone if the server refuses. */
export function useToggleBookmark() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ post, bookmark }: { post: Post; bookmark: boolean }) =>
      api<BookmarkStateReply>(
        `/users/${bookmark ? 'bookmark' : 'remove-bookmark'}/${encodeURIComponent(post._id)}`,
        {
          method: 'POST',
          query: { return: 'minimal' },
        },
      ),
    onMutate: async ({ post, bookmark }) => {
      await client.cancelQueries({ queryKey: postKeys.all });
      const snapshot = snapshotPosts(client);
      const mark = (p: Post): Post => ({
        ...p,
        viewer: { liked: false, disliked: false, ...p.viewer, bookmarked: bookmark },
      });
      updatePost(client, post._id, mark);
      if (bookmark) prependPost(client, postKeys.bookmarks, mark(post));
      else removePostFromList(client, postKeys.bookmarks, post._id);
      return { snapshot };
    },
    onError: (error, _vars, context) => {
      if (context) restorePosts(client, context.snapshot);
      toastError('Error', error.message);
    },
  });
}
