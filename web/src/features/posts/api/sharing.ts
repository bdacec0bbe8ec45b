import type { RepostReply } from '@sync/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { findCachedPost, postKeys, setViewer, updatePost } from '../../../entities/posts';
import { api } from '../../../lib/api-client';
import { toastError } from '../../../lib/toast';

/** Reposts and quotes (issue 28, decision 092); what the first screen needs (the rest: quotes.ts). */
export const sharingKeys = {
  preferences: ['sharing', 'preferences'] as const,
};

const repostPath = (postId: string) => `/posts/${encodeURIComponent(postId)}/repost`;

/** The count the card shows: absent on the post means none. */
function withReposts(reposted: boolean, repostCount: number) {
  return (post: Parameters<typeof setViewer>[0]) =>
    setViewer({ ...post, repostCount: Math.max(0, repostCount) }, { reposted });
}

/**
 * Repost, or undo it, shown at once like a like; a refusal puts back just this change and says why.
 */
export function useToggleRepost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ postId, repost }: { postId: string; repost: boolean }) =>
      api<RepostReply>(repostPath(postId), { method: repost ? 'POST' : 'DELETE' }),
    onMutate: async ({ postId, repost }) => {
      await client.cancelQueries({ queryKey: postKeys.all });
      const before = findCachedPost(client, postId);
      const previous = {
        reposted: before?.viewer?.reposted ?? !repost,
        repostCount: before?.repostCount ?? 0,
      };
      updatePost(client, postId, (post) =>
        withReposts(repost, (post.repostCount ?? 0) + (repost ? 1 : -1))(post),
      );
      return { previous };
    },
    onError: (error, { postId }, context) => {
      if (context) {
        updatePost(client, postId, withReposts(context.previous.reposted, context.previous.repostCount));
      }
      toastError('Error', error.message);
    },
    onSuccess: (reply, { postId }) =>
      updatePost(client, postId, withReposts(reply.reposted, reply.repostCount)),
  });
}
