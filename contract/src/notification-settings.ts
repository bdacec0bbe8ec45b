import { Type, type Static } from 'typebox';
import { PageQuery } from './common.js';

/** Notifications: what a person is told of, and which of it they list (issue 29, docs/decisions/104). */

/**
 * `GET /api/notifications?filter=`: every notification (the default), or `mentions`: the posts and
 * comments that mention the person and the comments on their posts (a reply, as Mastodon apps count
 * replies among mentions).
 */
export const NotificationListFilter = Type.Union([Type.Literal('all'), Type.Literal('mentions')]);
export type NotificationListFilter = Static<typeof NotificationListFilter>;
export const NotificationsQuery = Type.Object({
  ...PageQuery.properties,
  filter: Type.Optional(NotificationListFilter),
});
export type NotificationsQuery = Static<typeof NotificationsQuery>;

/**
 * The kinds of notification a person may turn off: those people cause, and `new_report` (a report was
 * filed, told to staff only; the web client shows its switch to them). The server's notices about the
 * person (`moderation_warning`, `report_resolved`) always reach them.
 */
export const notifyingTypes = [
  'like',
  'comment',
  'mention',
  'follow',
  'upvote',
  'repost',
  'quote',
  'update',
  'quoted_update',
  'new_report',
] as const;
export type NotifyingType = (typeof notifyingTypes)[number];

/** One switch per kind (written out: the type of each key is then known without a cast). */
const typeSwitches = {
  like: Type.Boolean(),
  comment: Type.Boolean(),
  mention: Type.Boolean(),
  follow: Type.Boolean(),
  upvote: Type.Boolean(),
  repost: Type.Boolean(),
  quote: Type.Boolean(),
  update: Type.Boolean(),
  quoted_update: Type.Boolean(),
  new_report: Type.Boolean(),
} satisfies Record<NotifyingType, unknown>;

/**
 * `GET|PUT /api/account/notification-settings`: which kinds notify the person (each on until turned
 * off) and whether only people they follow do. What is turned off is hidden from the list, the unread
 * count and the live events, not deleted: turning it back on shows it again.
 */
export const NotificationSettings = Type.Object({
  types: Type.Object(typeSwitches),
  onlyFromFollowing: Type.Boolean(),
});
export type NotificationSettings = Static<typeof NotificationSettings>;
/** A PUT changes what it sends (a kind unknown to the server is refused with 400, changing nothing). */
export const NotificationSettingsBody = Type.Object({
  types: Type.Optional(Type.Partial(Type.Object(typeSwitches), { additionalProperties: false })),
  onlyFromFollowing: Type.Optional(Type.Boolean()),
});
export type NotificationSettingsBody = Static<typeof NotificationSettingsBody>;
export const NotificationSettingsReply = Type.Object({ settings: NotificationSettings });
export type NotificationSettingsReply = Static<typeof NotificationSettingsReply>;
