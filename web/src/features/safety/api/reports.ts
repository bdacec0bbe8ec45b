import type { PostsReply, ReportBody, ReportReply } from '@sync/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { safetyKeys } from './relationships';

/** How many of someone's latest posts the report dialog offers to include. */
export const RECENT_POSTS = 20;

export function useReport() {
  return useMutation({
    mutationFn: async (body: ReportBody) =>
      (await api<ReportReply>('/reports', { method: 'POST', body })).report,
  });
}

/** Someone's latest posts, to pick the ones a report is about; asked only when the person wants to. */
export function useRecentPosts(username: string, enabled: boolean) {
  return useQuery({
    queryKey: safetyKeys.recentPosts(username),
    queryFn: async () =>
      (
        await api<PostsReply>(`/posts/user/${encodeURIComponent(username)}`, {
          query: { limit: RECENT_POSTS },
        })
      ).posts,
    enabled,
  });
}
