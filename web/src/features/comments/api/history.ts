import type { EditHistoryReply } from '@sync/contract';
import { api } from '../../../lib/api-client';

/**
 * A comment's edit history, keyed by the edit it was asked after: another edit changes `editedAt`, so
 * the next opening asks again. Not under `['comments', postId]`, the post's comment pages.
 */
export const commentHistory = (postId: string, commentId: string, editedAt: string) => ({
  queryKey: ['comment-history', postId, commentId, editedAt] as const,
  queryFn: () =>
    api<EditHistoryReply>(`/comments/${encodeURIComponent(postId)}/${encodeURIComponent(commentId)}/history`),
});
