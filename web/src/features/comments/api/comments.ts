import type { Comment, CommentReply, CommentsReply } from '@sync/contract';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { takeFields, updatePost } from '../../../entities/posts';
import { api } from '../../../lib/api-client';
import { PAGE_SIZE } from '../../../lib/query-client';

type CommentPage = { comments: Comment[]; nextCursor: string | null };
type CommentPages = InfiniteData<CommentPage>;

export const commentKeys = {
  list: (postId: string) => ['comments', postId] as const,
};

export function useComments(postId: string) {
  return useInfiniteQuery({
    queryKey: commentKeys.list(postId),
    queryFn: async ({ pageParam }): Promise<CommentPage> => {
      const reply = await api<CommentsReply>(`/comments/${encodeURIComponent(postId)}`, {
        query: { limit: PAGE_SIZE, cursor: pageParam },
      });
      return { comments: reply.comments, nextCursor: reply.nextCursor ?? null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function flattenComments(data: CommentPages | undefined): Comment[] {
  const seen = new Set<string>();
  return (data?.pages ?? []).flatMap((page) =>
    page.comments.filter((comment) => !seen.has(comment._id) && seen.add(comment._id)),
  );
}

type Action =
  | { kind: 'add'; text: string; mediaIds?: string[] }
  | { kind: 'edit'; commentId: string; text: string }
  | { kind: 'delete'; commentId: string }
  | { kind: VoteKind | 'unvote'; commentId: string };

export type VoteKind = 'upvote' | 'downvote';

function request(postId: string, action: Action) {
  const post = encodeURIComponent(postId);
  const options = { method: 'POST' as const, query: { return: 'post' } };
  switch (action.kind) {
    case 'add':
      return api<CommentReply>(`/comments/add/${post}`, {
        ...options,
        body: {
          commentData: action.mediaIds?.length
            ? { text: action.text, mediaIds: action.mediaIds }
            : { text: action.text },
        },
      });
    case 'edit':
      return api<CommentReply>(`/comments/edit/${post}/${encodeURIComponent(action.commentId)}`, {
        ...options,
        body: { commentData: { text: action.text } },
      });
    default:
      return api<CommentReply>(
        `/comments/${action.kind}/${post}/${encodeURIComponent(action.commentId)}`,
        options,
      );
  }
}

function mapComments(data: CommentPages | undefined, fn: (comments: Comment[], index: number) => Comment[]) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page, index) => ({ ...page, comments: fn(page.comments, index) })),
  };
}

/** Every comment change, applied to the cached comment pages and post counts from the small answer. */
export function useCommentAction(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: Action) => request(postId, action),
    onSuccess: ({ post, comment }, action) => {
      updatePost(client, postId, takeFields(post, ['commentCount']));
      client.setQueryData<CommentPages>(commentKeys.list(postId), (data) => {
        if (action.kind === 'delete') {
          return mapComments(data, (comments) => comments.filter((c) => c._id !== action.commentId));
        }
        if (!comment) return data;
        if (action.kind === 'add') {
          const last = (data?.pages.length ?? 0) - 1;
          return mapComments(data, (comments, index) => (index === last ? [...comments, comment] : comments));
        }
        return mapComments(data, (comments) => comments.map((c) => (c._id === comment._id ? comment : c)));
      });
    },
  });
}
