import type { NotificationListFilter } from '@sync/contract';
import type { QueryClient } from '@tanstack/react-query';

export const notificationKeys = {
  /** Every list of notifications (a prefix: invalidating it reaches each filter's list). */
  list: ['notifications', 'list'] as const,
  /** The list of one filter (All, Mentions). */
  filtered: (filter: NotificationListFilter) => ['notifications', 'list', filter] as const,
  unread: ['notifications', 'unread'] as const,
  /** The person's settings of what notifies them. */
  settings: ['notifications', 'settings'] as const,
};

/** Anything that learns the bell's count (marking read, a pushed event) sets it here. */
export function setUnreadCount(client: QueryClient, count: number) {
  client.setQueryData<number>(notificationKeys.unread, count);
}
