import type { NotificationListFilter, NotifyingType } from '@sync/contract';

/** The notifications feature's words for its filter, Follow back and Settings → Notifications. */
export const notificationStrings = {
  filters: 'Notification filters',
  filterLabels: { all: 'All', mentions: 'Mentions' } satisfies Record<NotificationListFilter, string>,
  noMentions: 'No mentions yet. When someone mentions you or comments on your posts, it shows here.',
  followBack: 'Follow back',
  settingsTitle: 'Notifications',
  kindsLegend: 'Notify me of',
  kinds: {
    like: 'Likes of my posts',
    comment: 'Comments on my posts',
    mention: 'Mentions',
    follow: 'New followers',
    upvote: 'Upvotes of my comments',
    repost: 'Reposts of my posts',
    quote: 'Quotes of my posts',
    update: 'Edits of posts I liked, commented on, reposted or bookmarked',
    quoted_update: 'Edits of posts I quoted',
    new_report: 'New reports to review',
  } satisfies Record<NotifyingType, string>,
  onlyFromFollowing: 'Only from people I follow',
  onlyFromFollowingHint:
    'Notifications from anyone else are hidden, not deleted: turn this off to see them again.',
  noticesHint: "Moderators' notices and resolved reports always reach you.",
  error: 'Error',
  loading: 'Loading…',
};
