import type { NotificationsReply } from '@sync/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { notificationKeys } from './notification-cache';

/*
 * Only the follow buttons (the users feature, loaded on first use) change this: imported from here, not
 * the entity's index, so it stays out of the first screen's file (web/vite.config.ts).
 */

/** A follow or an unfollow: the follow entries that show the person say whether they are followed. */
export function setActorFollowed(client: QueryClient, userId: string, following: boolean) {
  client.setQueriesData<InfiniteData<NotificationsReply>>({ queryKey: notificationKeys.list }, (data) =>
    data?.pages
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map((entry) =>
              entry.followedActorIds && entry.actors.some((actor) => actor._id === userId)
                ? {
                    ...entry,
                    followedActorIds: following
                      ? [...entry.followedActorIds.filter((id) => id !== userId), userId]
                      : entry.followedActorIds.filter((id) => id !== userId),
                  }
                : entry,
            ),
          })),
        }
      : data,
  );
}
