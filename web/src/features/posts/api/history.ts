import type { EditHistoryReply } from '@sync/contract';
import { api } from '../../../lib/api-client';

/**
 * A post's edit history, keyed by the edit it was asked after: another edit changes `editedAt`, so the
 * next opening asks again instead of showing the versions from before it.
 */
export const postHistory = (postId: string, editedAt: string) => ({
  queryKey: ['posts', 'history', postId, editedAt] as const,
  queryFn: () => api<EditHistoryReply>(`/posts/${encodeURIComponent(postId)}/history`),
});
