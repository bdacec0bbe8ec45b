import type { BookmarksReply, BookmarkStateReply, Post } from '@sync/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { postKeys, prependPost, removePostFromList, setViewer, updatePost } from '../../../entities/posts';
import { api } from '../../../lib/api-client';
import { PAGE_SIZE } from '../../../lib/query-client';
import { toastError } from '../../../lib/toast';

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

/** Add or remove a bookmark, shown at once (also on /bookmark); a refusal undoes just this change. */
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
      const bookmarks = client.getQueryData(postKeys.bookmarks);
      updatePost(client, post._id, (p) => setViewer(p, { bookmarked: bookmark }));
      if (bookmark) prependPost(client, postKeys.bookmarks, setViewer(post, { bookmarked: true }));
      else removePostFromList(client, postKeys.bookmarks, post._id);
      return { bookmarks };
    },
    onError: (error, { post, bookmark }, context) => {
      updatePost(client, post._id, (p) => setViewer(p, { bookmarked: !bookmark }));
      if (context) client.setQueryData(postKeys.bookmarks, context.bookmarks);
      toastError('Error', error.message);
    },
  });
}
