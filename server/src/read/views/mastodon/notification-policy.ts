import type { NotificationSettings } from '@sync/contract';
import type { NotificationPolicy, NotificationPolicyAction } from '@sync/contract/mastodon';

/**
 * Sync's notification settings as Mastodon's notification policy (docs/decisions/104). Only "only from
 * people I follow" has a counterpart, `for_not_following`: on, its notifications are left out of
 * every list, count and stream, as Mastodon's `drop` leaves them (they are not reviewable as
 * `filter`'s requests are: Sync has none; turned off again, they show again). The other senders
 * Mastodon can filter are not told apart by Sync, so their policy is fixed: `accept`, but for limited
 * accounts, whose notifications Sync never shows to people who do not follow them (`drop`).
 * The kinds a person turned off have no counterpart here (they still apply to every list).
 */
export const fixedPolicies = {
  for_not_followers: 'accept',
  for_new_accounts: 'accept',
  for_private_mentions: 'accept',
  for_limited_accounts: 'drop',
} as const satisfies Partial<Record<keyof NotificationPolicy, NotificationPolicyAction>>;

export function notificationPolicyView(settings: NotificationSettings): NotificationPolicy {
  return {
    for_not_following: settings.onlyFromFollowing ? 'drop' : 'accept',
    ...fixedPolicies,
    summary: { pending_requests_count: 0, pending_notifications_count: 0 },
  };
}
