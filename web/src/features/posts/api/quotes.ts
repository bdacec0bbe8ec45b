import type {
  DetachQuoteReply,
  PostsPageReply,
  Preferences,
  PreferencesBody,
  PreferencesReply,
  QuotePolicy,
} from '@sync/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postKeys, updatePost } from '../../../entities/posts';
import { api } from '../../../lib/api-client';
import { PAGE_SIZE } from '../../../lib/query-client';
import { sharingKeys } from './sharing';

// Off the first screen: a post's quotes (their own screen) and Settings' default.

/** The posts that quote one post (its author sees them with Detach). */
export function useQuotes(postId: string) {
  return useInfiniteQuery({
    queryKey: postKeys.quotes(postId),
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
      // A detached quote no longer counts (decision 092); the card hides a count of 0.
      updatePost(client, postId, (post) => ({
        ...post,
        quoteCount: Math.max(0, (post.quoteCount ?? 0) - 1),
      }));
      void client.invalidateQueries({ queryKey: postKeys.quotes(postId) });
    },
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

/** My defaults (who may quote my new posts). */
export function usePreferences(enabled = true) {
  return useQuery({
    queryKey: sharingKeys.preferences,
    queryFn: async () => (await api<PreferencesReply>('/account/preferences')).preferences,
    enabled,
    staleTime: Infinity,
  });
}

export const QUOTE_POLICIES: { value: QuotePolicy; label: string }[] = [
  { value: 'anyone', label: 'Anyone' },
  { value: 'followers', label: 'Your followers' },
  { value: 'following', label: 'People you follow' },
  { value: 'nobody', label: 'Nobody' },
];
