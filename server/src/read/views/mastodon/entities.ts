/**
 * The Mastodon API's entities as Sync answers them (https://docs.joinmastodon.org/entities/): ids are
 * strings, times ISO 8601 UTC with milliseconds, URLs absolute. Only the fields Sync can fill are
 * anything but their documented empty values.
 */

import type { FilterContext } from '../../../data/schema.js';

export interface AccountField {
  name: string;
  value: string;
  verified_at: string | null;
}

export interface Account {
  id: string;
  username: string;
  acct: string;
  display_name: string;
  locked: boolean;
  bot: boolean;
  discoverable: boolean;
  indexable: boolean;
  group: boolean;
  hide_collections: boolean;
  noindex: boolean;
  created_at: string;
  note: string;
  url: string;
  uri: string;
  avatar: string;
  avatar_static: string;
  header: string;
  header_static: string;
  followers_count: number;
  following_count: number;
  statuses_count: number;
  last_status_at: string | null;
  emojis: never[];
  fields: AccountField[];
  roles: never[];
}

export interface CredentialAccount extends Account {
  /** The person's role, so an app can tell the owner and staff from a member. */
  role: Role;
  source: {
    privacy: 'public';
    sensitive: boolean;
    language: string;
    note: string;
    fields: AccountField[];
    follow_requests_count: number;
    hide_collections: boolean;
    discoverable: boolean;
    indexable: boolean;
    /** Sites allowed to credit the account: Sync has no author attribution. */
    attribution_domains: never[];
    /** Mastodon 4.5: who may quote the account's new posts by default (`public`, `followers`, `nobody`). */
    quote_policy: QuoteApprovalPolicy;
  };
}

/**
 * Mastodon 4.5's quote posts (https://docs.joinmastodon.org/entities/Quote/, ShallowQuote,
 * QuoteApproval): the policy an app sets, a quote's state as Mastodon names them, and who may quote.
 */
export type QuoteApprovalPolicy = 'public' | 'followers' | 'nobody';
export type QuoteStateName = 'accepted' | 'revoked' | 'deleted' | 'unauthorized';
/** A quote whose quoted status is shown (one level deep). */
export interface Quote {
  state: QuoteStateName;
  quoted_status: Status | null;
}
/** A quote inside a quoted status: only the id of what it quotes. */
export interface ShallowQuote {
  state: QuoteStateName;
  quoted_status_id: string | null;
}
export interface QuoteApproval {
  automatic: ('public' | 'followers')[];
  manual: never[];
  current_user: 'automatic' | 'denied' | 'unknown';
}

export interface StatusMention {
  id: string;
  username: string;
  url: string;
  acct: string;
}

export interface StatusTag {
  name: string;
  url: string;
}

/** One size of an image in a MediaAttachment's `meta`. */
export interface MediaSize {
  width: number;
  height: number;
  /** "WIDTHxHEIGHT". */
  size: string;
  aspect: number;
}

/** https://docs.joinmastodon.org/entities/MediaAttachment/ — Sync keeps images only. */
export interface MediaAttachment {
  id: string;
  type: 'image';
  url: string;
  preview_url: string;
  remote_url: null;
  meta: { original: MediaSize; small: MediaSize; focus: { x: number; y: number } };
  /** Alt text; null when none was written. */
  description: string | null;
  blurhash: string;
}

/** https://docs.joinmastodon.org/entities/StatusEdit/ — one version of an edited status. */
export interface StatusEdit {
  content: string;
  spoiler_text: string;
  sensitive: boolean;
  created_at: string;
  account: Account;
  poll: null;
  media_attachments: MediaAttachment[];
  emojis: never[];
}

/** https://docs.joinmastodon.org/entities/StatusSource/ — a status as written, for an app's editor. */
export interface StatusSource {
  id: string;
  text: string;
  spoiler_text: string;
}

export interface Status {
  id: string;
  created_at: string;
  in_reply_to_id: string | null;
  in_reply_to_account_id: string | null;
  sensitive: boolean;
  spoiler_text: string;
  visibility: 'public';
  language: string | null;
  uri: string;
  url: string;
  replies_count: number;
  reblogs_count: number;
  favourites_count: number;
  quotes_count: number;
  edited_at: string | null;
  content: string;
  /** On a reblog (a repost, docs/decisions/092): the status reblogged; null on any other. */
  reblog: Status | null;
  account: Account;
  media_attachments: MediaAttachment[];
  mentions: StatusMention[];
  tags: StatusTag[];
  emojis: never[];
  card: null;
  poll: null;
  quote: Quote | ShallowQuote | null;
  quote_approval: QuoteApproval;
  /** The viewer's `warn` filters that matched it (their `hide` filters leave it out). */
  filtered?: FilterResult[];
  favourited?: boolean;
  reblogged?: boolean;
  muted?: boolean;
  bookmarked?: boolean;
  pinned?: boolean;
  /** Only in the answer to a delete: the source, so an app can redraft it. */
  text?: string;
}

export interface Relationship {
  id: string;
  following: boolean;
  showing_reblogs: boolean;
  notifying: boolean;
  languages: null;
  followed_by: boolean;
  blocking: boolean;
  blocked_by: boolean;
  muting: boolean;
  muting_notifications: boolean;
  requested: boolean;
  requested_by: boolean;
  domain_blocking: boolean;
  endorsed: boolean;
  note: string;
}

export interface Context {
  ancestors: Status[];
  descendants: Status[];
}

/** One of the server's rules, as the About page and the sign-up page show them. */
export interface Rule {
  id: string;
  text: string;
  hint: string;
  /** Mastodon 4.4: the text and hint in other languages, by locale. */
  translations: Record<string, { text: string; hint: string }>;
}

/** A keyword filter (filters v2). Sync filters by keywords only: `statuses` is always empty. */
export interface Filter {
  id: string;
  title: string;
  context: FilterContext[];
  expires_at: string | null;
  filter_action: 'warn' | 'hide';
  keywords: FilterKeyword[];
  statuses: never[];
}

export interface FilterKeyword {
  id: string;
  keyword: string;
  whole_word: boolean;
}

/** Why a status is shown behind a warning; its filter comes without keywords, as Mastodon's does. */
export interface FilterResult {
  filter: Omit<Filter, 'keywords' | 'statuses'>;
  keyword_matches: string[] | null;
  status_matches: null;
}

/** Filters v1: one keyword of a filter, as apps made before filters v2 (Tusky) still read them. */
export interface V1Filter {
  id: string;
  phrase: string;
  context: FilterContext[];
  whole_word: boolean;
  expires_at: string | null;
  /** The filter hides what matches (filters v2's `hide`), rather than warning. */
  irreversible: boolean;
}

export interface StatusLimits {
  max_characters: number;
  max_media_attachments: number;
  characters_reserved_per_url: number;
}

export interface MediaLimits {
  supported_mime_types: string[];
  image_size_limit: number;
  image_matrix_limit: number;
  video_size_limit: number;
  video_frame_rate_limit: number;
  video_matrix_limit: number;
}

export interface PollLimits {
  max_options: number;
  max_characters_per_option: number;
  min_expiration: number;
  max_expiration: number;
}

/** Who may read a kind of feed (Mastodon 4.5): Sync's are open to everyone. */
type FeedAccess = { local: 'public'; remote: 'public' };

/** `GET /api/v2/instance` */
export interface Instance {
  domain: string;
  title: string;
  version: string;
  source_url: string;
  description: string;
  usage: { users: { active_month: number } };
  thumbnail: { url: string };
  icon: never[];
  languages: string[];
  configuration: {
    urls: {
      streaming: string;
      status: null;
      about: string;
      privacy_policy: null;
      terms_of_service: null;
    };
    vapid: { public_key: string };
    accounts: { max_featured_tags: number; max_pinned_statuses: number };
    statuses: StatusLimits;
    media_attachments: MediaLimits & { description_limit: number };
    polls: PollLimits;
    translation: { enabled: boolean };
    timelines_access: {
      live_feeds: FeedAccess;
      hashtag_feeds: FeedAccess;
      trending_link_feeds: FeedAccess;
    };
    limited_federation: boolean;
  };
  registrations: {
    enabled: boolean;
    approval_required: boolean;
    reason_required: boolean;
    /** HTML, or null when the admins wrote none. */
    message: string | null;
    min_age: null;
    url: string | null;
  };
  api_versions: { mastodon: number };
  contact: { email: string; account: Account | null };
  rules: Rule[];
}

/** `GET /api/v1/instance`, which older apps still read. */
export interface V1Instance {
  uri: string;
  title: string;
  short_description: string;
  description: string;
  email: string;
  version: string;
  urls: { streaming_api: string };
  stats: { user_count: number; status_count: number; domain_count: number };
  thumbnail: string | null;
  languages: string[];
  registrations: boolean;
  approval_required: boolean;
  invites_enabled: boolean;
  configuration: {
    accounts: { max_featured_tags: number };
    statuses: StatusLimits;
    media_attachments: MediaLimits;
    polls: PollLimits;
  };
  contact_account: Account | null;
  rules: Rule[];
}

export interface Marker {
  last_read_id: string;
  version: number;
  updated_at: string;
}

export interface Preferences {
  'posting:default:visibility': 'public';
  'posting:default:sensitive': boolean;
  'posting:default:language': string | null;
  'reading:expand:media': 'default' | 'show_all' | 'hide_all';
  'reading:expand:spoilers': boolean;
}

/** The notification types Sync has causes for (Mastodon's others, such as reblog or poll, never come). */
export type NotificationType =
  | 'favourite'
  | 'mention'
  | 'follow'
  | 'moderation_warning'
  | 'reblog'
  | 'quote'
  /** A status one interacted with was edited (Mastodon: one reblogged). */
  | 'update'
  /** A status one quoted was edited; the notification's status is one's own quoting status. */
  | 'quoted_update'
  /** A report was filed (to staff who handle reports); the notification's account is its reporter. */
  | 'admin.report';

export interface Notification {
  id: string;
  type: NotificationType;
  group_key: string;
  created_at: string;
  account: Account;
  /** What a favourite or a mention is about; absent for a follow. */
  status?: Status;
  /** What a `moderation_warning` tells. */
  moderation_warning?: AccountWarning;
  /** The report an `admin.report` tells of. */
  report?: Report;
}

/** A moderator's decision about the person's account, as a `moderation_warning` tells it. */
export interface AccountWarning {
  id: string;
  /** Sync's warning, limit, suspension. */
  action: 'none' | 'silence' | 'suspend';
  text: string;
  /** Sync's warnings name no statuses. */
  status_ids: never[];
  target_account: Account;
  /** Sync has no appeals. */
  appeal: null;
  created_at: string;
}

export interface NotificationGroup {
  group_key: string;
  notifications_count: number;
  type: NotificationType;
  most_recent_notification_id: string;
  /** Only in a page of groups (`GET /api/v2/notifications`). */
  page_min_id?: string;
  page_max_id?: string;
  latest_page_notification_at?: string;
  sample_account_ids: string[];
  status_id?: string;
  moderation_warning?: AccountWarning;
  report?: Report;
}

export interface GroupedNotificationsResults {
  accounts: Account[];
  statuses: Status[];
  notification_groups: NotificationGroup[];
}

/** How Mastodon's notification policy treats one class of senders. */
export type NotificationPolicyAction = 'accept' | 'filter' | 'drop';

/** `GET /api/v2/notifications/policy` */
export interface NotificationPolicy {
  for_not_following: NotificationPolicyAction;
  for_not_followers: NotificationPolicyAction;
  for_new_accounts: NotificationPolicyAction;
  for_private_mentions: NotificationPolicyAction;
  for_limited_accounts: NotificationPolicyAction;
  summary: { pending_requests_count: number; pending_notifications_count: number };
}

/** A day of a tag's use: `day` is the UNIX time of its midnight (UTC), every number a string. */
export interface TagHistory {
  day: string;
  uses: string;
  accounts: string;
}

export interface Tag {
  /** Sync keeps no table of tags: a tag's id is its name, which names it for good. */
  id: string;
  name: string;
  url: string;
  history: TagHistory[];
  /** Whether the viewer follows the tag: Sync has no followed tags yet. */
  following?: boolean;
  featuring?: boolean;
}

export interface Search {
  accounts: Account[];
  statuses: Status[];
  hashtags: Tag[];
}

/** Why an account is suggested: Sync suggests the most followed people the viewer does not follow. */
export interface Suggestion {
  source: 'global';
  sources: 'most_followed'[];
  account: Account;
}

export interface FamiliarFollowers {
  id: string;
  accounts: Account[];
}

/** A report as the person who filed it is answered (`POST /api/v1/reports`). */
export interface Report {
  id: string;
  action_taken: boolean;
  action_taken_at: string | null;
  category: 'spam' | 'legal' | 'violation' | 'other';
  comment: string;
  /** Every account is local: nothing is forwarded. */
  forwarded: false;
  created_at: string;
  status_ids: string[] | null;
  rule_ids: string[] | null;
  target_account: Account;
}

/** A role, as the person's own account and the admin API show it. `permissions`: Mastodon's bit flags, as decimal text. */
export interface Role {
  id: string;
  name: string;
  color: string;
  permissions: string;
  highlighted: boolean;
}

/** An account as the admin API shows it to moderators. */
export interface AdminAccount {
  id: string;
  username: string;
  domain: null;
  created_at: string;
  email: string;
  ip: null;
  ips: never[];
  /** The language Sync writes to the person in. */
  locale: string;
  /** Why the person asked to join, when sign-ups needed approval. */
  invite_request: string | null;
  role: Role;
  confirmed: boolean;
  approved: boolean;
  disabled: boolean;
  silenced: boolean;
  suspended: boolean;
  /** Sync has no account-wide sensitive mark (a post's images are marked by their author): never. */
  sensitized: false;
  account: Account;
}

/** A report in the admin API (`/api/v1/admin/reports`). */
export interface AdminReport {
  id: string;
  action_taken: boolean;
  action_taken_at: string | null;
  category: Report['category'];
  comment: string;
  forwarded: false;
  created_at: string;
  updated_at: string;
  account: AdminAccount | null;
  target_account: AdminAccount;
  assigned_account: AdminAccount | null;
  action_taken_by_account: AdminAccount | null;
  /** The reported posts and comments as they were when reported (their text is the report's copy). */
  statuses: Status[];
  rules: Rule[];
}
