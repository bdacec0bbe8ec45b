import type {
  DetachQuoteReply,
  PostsPageReply,
  Preferences,
  PreferencesBody,
  PreferencesReply,
  QuotePolicy,
  RepostReply,
} from '@sync/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { findCachedPost, postKeys, setViewer, updatePost } from '../../../entities/posts';
import { api } from '../../../lib/api-client';
import { PAGE_SIZE } from '../../../lib/query-client';
import { toastError } from '../../../lib/toast';

/** Reposts and quotes (issue 28, decision 092). */
export const sharingKeys = {
  quotes: (postId: string) => ['sharing', 'quotes', postId] as const,
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
      const previous = { reposted: before?.viewer?.reposted ?? !repost, repostCount: before?.repostCount ?? 0 };
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

/** The posts that quote one post (its author sees them with Detach). */
export function useQuotes(postId: string) {
  return useInfiniteQuery({
    queryKey: sharingKeys.quotes(postId),
    queryFn: async ({ pageParam }) => {
      const reply = await api<PostsPageReply>(`/posts/${encodeURIComponent(postId)}/quotes`, {
        query: { limit: PAGE_SIZE, cursor: pageParam },
      });
      return { posts: reply.posts, nextCursor: reply.nextCursor ?? null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The quoted author takes their post out of someone's quote: it shows "Removed by the author" after. */
export function useDetachQuote(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (quotingPostId: string) => {
      await api<DetachQuoteReply>(
        `/posts/${encodeURIComponent(postId)}/quotes/${encodeURIComponent(quotingPostId)}/detach`,
        { method: 'POST' },
      );
      return quotingPostId;
    },
    onSuccess: (quotingPostId) => {
      updatePost(client, quotingPostId, (post) => ({ ...post, quote: { state: 'revoked' } }));
      void client.invalidateQueries({ queryKey: sharingKeys.quotes(postId) });
    },
  });
}

/** My defaults (who may quote my new posts). */
export function usePreferences(enabled = true) {
  return useQuery({
    queryKey: sharingKeys.preferences,
    queryFn: async () => (await api<PreferencesReply>('/account/preferences')).preferences,
    enabled,
    staleTime: Infinity,
  });
}

export function useSetPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: PreferencesBody) =>
      (await api<PreferencesReply>('/account/preferences', { method: 'PUT', body })).preferences,
    onSuccess: (preferences: Preferences) => client.setQueryData(sharingKeys.preferences, preferences),
  });
}

export const QUOTE_POLICIES: { value: QuotePolicy; label: string }[] = [
  { value: 'anyone', label: 'Anyone' },
  { value: 'followers', label: 'Your followers' },
  { value: 'following', label: 'People you follow' },
  { value: 'nobody', label: 'Nobody' },
];
