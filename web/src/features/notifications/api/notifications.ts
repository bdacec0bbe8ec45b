import type {
  NotificationListFilter,
  NotificationSettings,
  NotificationSettingsBody,
  NotificationSettingsReply,
  NotificationsReply,
  UnreadCountReply,
} from '@sync/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationKeys, setUnreadCount } from '../../../entities/notifications';
import { api } from '../../../lib/api-client';
import { PAGE_SIZE } from '../../../lib/query-client';

/** How often the bell asks for its count; live updates will push it instead. */
export const UNREAD_POLL_MS = 60_000;

/**
 * The bell's count: asked for every minute and when the window regains focus. Anything that learns
 * the count another way (marking read, a pushed event) sets it with `setUnreadCount`.
 */
export function useUnreadCount(): number {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: notificationKeys.unread,
    queryFn: async () => (await api<UnreadCountReply>('/notifications/unread')).count,
    refetchInterval: UNREAD_POLL_MS,
  });
  // Coming back to the window (or the tab) asks again, however recently the last answer came.
  useEffect(() => {
    const ask = () => void client.refetchQueries({ queryKey: notificationKeys.unread });
    window.addEventListener('focus', ask);
    return () => window.removeEventListener('focus', ask);
  }, [client]);
  return query.data ?? 0;
}

/** The notifications of one filter: all of them, or the mentions (and comments on my posts). */
export function useNotifications(filter: NotificationListFilter) {
  return useInfiniteQuery({
    queryKey: notificationKeys.filtered(filter),
    queryFn: ({ pageParam }) =>
      api<NotificationsReply>('/notifications', {
        query: { limit: PAGE_SIZE, cursor: pageParam, filter: filter === 'all' ? undefined : filter },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/**
 * Everything so far is read. The list on screen keeps its flags, so what was new stays marked while
 * it is being looked at; the next visit loads it afresh.
 */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<UnreadCountReply>('/notifications/read', { method: 'POST' }),
    onSuccess: (reply) => {
      setUnreadCount(client, reply.count);
      void client.invalidateQueries({ queryKey: notificationKeys.list, refetchType: 'none' });
    },
  });
}

/** Which kinds notify me, and whether only people I follow do. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: async () => (await api<NotificationSettingsReply>('/account/notification-settings')).settings,
    staleTime: Infinity,
  });
}

/**
 * Changes what the body names. The lists and the bell are asked again: what they leave out is what
 * the settings say.
 */
export function useChangeNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: NotificationSettingsBody) =>
      (await api<NotificationSettingsReply>('/account/notification-settings', { method: 'PUT', body }))
        .settings,
    onSuccess: (settings: NotificationSettings) => {
      client.setQueryData(notificationKeys.settings, settings);
      void client.invalidateQueries({ queryKey: notificationKeys.list });
      void client.invalidateQueries({ queryKey: notificationKeys.unread });
    },
  });
}
