import type {
  DeletedReply,
  Post,
  PostDataBody,
  PostReply,
  PostSort,
  PostsPageReply,
  ProfileFilter,
  QuotePolicy,
  PostsReply,
} from '@sync/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  findCachedPost,
  postKeys,
  prependPost,
  removePostFromList,
  setViewer,
  takeFields,
  updatePost,
  type PostPage,
} from '../../../entities/posts';
import { api } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { PAGE_SIZE } from '../../../lib/query-client';
import { toastError } from '../../../lib/toast';

function toPage(reply: PostsReply | PostsPageReply): PostPage {
  return { posts: reply.posts, nextCursor: reply.nextCursor ?? null };
}

const pageOptions = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: PostPage) => last.nextCursor,
};

export function useFeed(sort: PostSort) {
  return useInfiniteQuery({
    queryKey: postKeys.feed(sort),
    queryFn: async ({ pageParam }) =>
      toPage(await api<PostsReply>('/posts', { query: { limit: PAGE_SIZE, sort, cursor: pageParam } })),
    ...pageOptions,
  });
}

/** A profile's posts; `filter` (reposts, or both) is asked only when not the plain posts. */
export function useUserPosts(username: string, filter: ProfileFilter = 'posts') {
  return useInfiniteQuery({
    queryKey: filter === 'posts' ? postKeys.user(username) : [...postKeys.user(username), filter],
    queryFn: async ({ pageParam }) =>
      toPage(
        await api<PostsReply>(`/posts/user/${encodeURIComponent(username)}`, {
          query: { limit: PAGE_SIZE, cursor: pageParam, ...(filter !== 'posts' && { filter }) },
        }),
      ),
    ...pageOptions,
  });
}

/** The Following timeline: the posts of the people I follow, and mine. */
export function useTimeline() {
  return useInfiniteQuery({
    queryKey: postKeys.timeline,
    queryFn: async ({ pageParam }) =>
      toPage(await api<PostsPageReply>('/timeline', { query: { limit: PAGE_SIZE, cursor: pageParam } })),
    ...pageOptions,
  });
}

export function useTagPosts(tag: string) {
  return useInfiniteQuery({
    queryKey: postKeys.tag(tag),
    queryFn: async ({ pageParam }) =>
      toPage(
        await api<PostsPageReply>(`/tags/${encodeURIComponent(tag)}`, {
          query: { limit: PAGE_SIZE, cursor: pageParam },
        }),
      ),
    ...pageOptions,
  });
}

/** Posts matching a search (words, `from:username`, `#tag`); refused queries fail with the server's reason. */
/** Posts that match `q`; asked only while `enabled` (the search screen's People tab does not need them). */
export function useSearchPosts(q: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: postKeys.search(q),
    enabled,
    queryFn: async ({ pageParam }) =>
      toPage(
        await api<PostsPageReply>('/search', {
          query: { q, type: 'posts', limit: PAGE_SIZE, cursor: pageParam },
        }),
      ),
    ...pageOptions,
  });
}

/**
 * The full post. Its answer has no `viewer`, so what the viewer did is read from the full like
 * lists, and the bookmark flag from a cached list copy when there is one.
 */
export function usePost(postId: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: postKeys.detail(postId),
    queryFn: async (): Promise<Post> => {
      const { post } = await api<PostReply>(`/posts/${encodeURIComponent(postId)}`);
      if (post.viewer) return post;
      const me = getSession()?.user.username;
      const known =
        client.getQueryData<Post>(postKeys.detail(postId))?.viewer ?? findCachedPost(client, postId)?.viewer;
      return {
        ...post,
        viewer: {
          liked: post.likes.likedBy.some((u) => u.username === me),
          disliked: post.likes.dislikedBy.some((u) => u.username === me),
          bookmarked: known?.bookmarked ?? false,
        },
      };
    },
    placeholderData: () => findCachedPost(client, postId),
  });
}

/** A new post: its text, and the uploaded images in the order shown (then text may be empty). */
export type NewPost = {
  content: string;
  mediaIds?: string[];
  sensitive?: boolean;
  /** The post it quotes (decision 092). */
  quoteId?: string;
  /** Who may quote it; left out, the author's default. */
  quotePolicy?: QuotePolicy;
};

export function useCreatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ content, mediaIds = [], sensitive = false, quoteId, quotePolicy }: NewPost) =>
      (
        await api<PostReply>('/posts', {
          method: 'POST',
          query: { return: 'post' },
          body: {
            postData: {
              content,
              ...(mediaIds.length > 0 && { mediaIds }),
              ...(sensitive && { sensitive: true }),
              ...(quoteId && { quoteId }),
              ...(quotePolicy && { quotePolicy }),
            },
          } satisfies PostDataBody,
        })
      ).post,
    onSuccess: (post, { quoteId }) => {
      prependPost(client, postKeys.feed('newest'), post);
      prependPost(client, postKeys.user(post.username), post);
      prependPost(client, postKeys.timeline, post);
      // Where a new post lands in the trending order is the server's call; refetch when next shown.
      void client.invalidateQueries({ queryKey: postKeys.feed('trending'), refetchType: 'none' });
      if (quoteId) {
        // A quote the server took is accepted: the quoted post counts it, as its next read would.
        updatePost(client, quoteId, (quoted) => ({ ...quoted, quoteCount: (quoted.quoteCount ?? 0) + 1 }));
        void client.invalidateQueries({ queryKey: postKeys.quotes(quoteId), refetchType: 'none' });
      }
    },
  });
}

export function useEditPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      postId,
      ...postData
    }: {
      postId: string;
      content: string;
      sensitive?: boolean;
      /** The images from now on, in order; left out, the same. */
      mediaIds?: string[];
    }) =>
      (
        await api<PostReply>(`/posts/edit/${encodeURIComponent(postId)}`, {
          method: 'POST',
          query: { return: 'post' },
          body: { postData },
        })
      ).post,
    onSuccess: (post) =>
      updatePost(
        client,
        post._id,
        takeFields(post, ['content', 'updatedAt', 'editedAt', 'media', 'sensitive']),
      ),
  });
}

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (postId: string) =>
      (
        await api<DeletedReply>(`/posts/${encodeURIComponent(postId)}`, {
          method: 'DELETE',
          query: { return: 'post' },
        })
      ).deleted,
    onSuccess: (postId) => {
      removePostFromList(client, postKeys.lists, postId);
      client.removeQueries({ queryKey: postKeys.detail(postId), exact: true });
    },
  });
}

/**
 * Like, or take the like back (the server's dislike), shown at once. A refusal undoes just this
 * change, leaving any other change made meanwhile (a bookmark) in place.
 */
export function useToggleLike() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ postId, like }: { postId: string; like: boolean }) =>
      (
        await api<PostReply>(`/posts/${like ? 'like' : 'dislike'}/${encodeURIComponent(postId)}`, {
          method: 'POST',
          query: { return: 'post' },
        })
      ).post,
    onMutate: async ({ postId, like }) => {
      await client.cancelQueries({ queryKey: postKeys.all });
      const before = findCachedPost(client, postId);
      const previous = {
        liked: before?.viewer?.liked ?? !like,
        disliked: before?.viewer?.disliked ?? false,
        likeCount: before?.likes.likeCount ?? 0,
      };
      updatePost(client, postId, (post) =>
        setViewer(
          {
            ...post,
            likes: { ...post.likes, likeCount: Math.max(0, post.likes.likeCount + (like ? 1 : -1)) },
          },
          { liked: like, disliked: !like },
        ),
      );
      return { previous };
    },
    onError: (error, { postId }, context) => {
      if (context) {
        const { likeCount, ...flags } = context.previous;
        updatePost(client, postId, (post) =>
          setViewer({ ...post, likes: { ...post.likes, likeCount } }, flags),
        );
      }
      toastError('Error', error.message);
    },
    onSuccess: (post) =>
      updatePost(client, post._id, (old) =>
        setViewer(takeFields(post, ['likes'])(old), {
          liked: post.viewer?.liked ?? old.viewer?.liked,
          disliked: post.viewer?.disliked ?? old.viewer?.disliked,
        }),
      ),
  });
}
