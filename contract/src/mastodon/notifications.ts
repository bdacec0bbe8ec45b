import { Type, type Static } from 'typebox';
import { Account } from './accounts.js';
import { AlwaysEmpty, Either, Entity, OneOf } from './entity.js';
import { Report } from './reports.js';
import { Status } from './statuses.js';

/** The notification types Sync has causes for (Mastodon's others, such as poll, never come). */
export const NotificationType = OneOf([
  'favourite',
  'mention',
  'follow',
  'moderation_warning',
  'reblog',
  'quote',
  /** A status one interacted with was edited (Mastodon: one reblogged). */
  'update',
  /** A status one quoted was edited; the notification's status is one's own quoting status. */
  'quoted_update',
  /** A report was filed (to staff who handle reports); the notification's account is its reporter. */
  'admin.report',
]);
export type NotificationType = Static<typeof NotificationType>;

/**
 * https://docs.joinmastodon.org/entities/AccountWarning/ — a moderator's decision about the person's
 * account, as a `moderation_warning` tells it.
 */
export const AccountWarning = Entity({
  id: Type.String(),
  /** Sync's warning, limit, suspension. */
  action: OneOf(['none', 'silence', 'suspend']),
  text: Type.String(),
  /** Sync's warnings name no statuses. */
  status_ids: AlwaysEmpty,
  target_account: Account,
  /** Sync has no appeals. */
  appeal: Type.Null(),
  created_at: Type.String(),
});
export type AccountWarning = Static<typeof AccountWarning>;

/** https://docs.joinmastodon.org/entities/Notification/ */
export const Notification = Entity({
  id: Type.String(),
  type: NotificationType,
  group_key: Type.String(),
  created_at: Type.String(),
  account: Account,
  /** What a favourite or a mention is about; absent for a follow. */
  status: Type.Optional(Status),
  /** What a `moderation_warning` tells. */
  moderation_warning: Type.Optional(AccountWarning),
  /** The report an `admin.report` tells of. */
  report: Type.Optional(Report),
});
export type Notification = Static<typeof Notification>;

const groupFields = {
  group_key: Type.String(),
  notifications_count: Type.Integer(),
  type: NotificationType,
  most_recent_notification_id: Type.String(),
};

/** Only in a page of groups (`GET /api/v2/notifications`). */
const pageFields = {
  page_min_id: Type.String(),
  page_max_id: Type.String(),
  latest_page_notification_at: Type.String(),
};

const groupedFields = {
  sample_account_ids: Type.Array(Type.String()),
  status_id: Type.Optional(Type.String()),
  moderation_warning: Type.Optional(AccountWarning),
  report: Type.Optional(Report),
};

/**
 * https://docs.joinmastodon.org/entities/GroupedNotificationsResults/#NotificationGroup — in a page of
 * groups (told by its `page_min_id`), or alone (`/:group_key`). Two entities rather than optional page
 * fields: fast-json-stringify writes required fields before optional ones, and the page's fields come
 * before the sample accounts.
 */
export const NotificationGroup = Either(
  { page_min_id: Type.String() },
  Entity({ ...groupFields, ...pageFields, ...groupedFields }),
  Entity({ ...groupFields, ...groupedFields }),
);
export type NotificationGroup = Static<typeof NotificationGroup>;

/** https://docs.joinmastodon.org/entities/GroupedNotificationsResults/ */
export const GroupedNotificationsResults = Entity({
  accounts: Type.Array(Account),
  statuses: Type.Array(Status),
  notification_groups: Type.Array(NotificationGroup),
});
export type GroupedNotificationsResults = Static<typeof GroupedNotificationsResults>;

/** How Mastodon's notification policy treats one class of senders. */
export const NotificationPolicyAction = OneOf(['accept', 'filter', 'drop']);
export type NotificationPolicyAction = Static<typeof NotificationPolicyAction>;

/** https://docs.joinmastodon.org/entities/NotificationPolicy/ — `GET /api/v2/notifications/policy` */
export const NotificationPolicy = Entity({
  for_not_following: NotificationPolicyAction,
  for_not_followers: NotificationPolicyAction,
  for_new_accounts: NotificationPolicyAction,
  for_private_mentions: NotificationPolicyAction,
  for_limited_accounts: NotificationPolicyAction,
  summary: Entity({ pending_requests_count: Type.Integer(), pending_notifications_count: Type.Integer() }),
});
export type NotificationPolicy = Static<typeof NotificationPolicy>;

/** https://docs.joinmastodon.org/methods/notifications/#unread-count */
export const UnreadCount = Entity({ count: Type.Integer() });
export type UnreadCount = Static<typeof UnreadCount>;
