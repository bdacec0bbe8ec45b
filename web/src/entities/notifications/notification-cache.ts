import type { QueryClient } from '@tanstack/react-query';

export const notificationKeys = {
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
};

/** Anything that learns the bell's count (marking read, a pushed event) sets it here. */
export function setUnreadCount(client: QueryClient, count: number) {
  client.setQueryData<number>(notificationKeys.unread, count);
}
