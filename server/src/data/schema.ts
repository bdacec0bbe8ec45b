import type { ColumnType, Generated } from 'kysely';

/** Timestamps are ISO-8601 strings in UTC with milliseconds: they sort as text on both dialects. */

/**
 * An actor (docs/decisions/125): a person who posts, follows and is followed, local or (with federation)
 * of another server. A local one's login is its `users` row.
 */
export interface AccountsTable {
  id: string;
  username: string;
  /** Lower-cased username: uniqueness and look-ups are case-insensitive. */
  username_key: string;
  /** The server the actor lives on, lower-cased; null for a local account. */
  domain: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The actor's ActivityPub id; null for a local account, whose URI platform/uris builds from the
   * configuration (without PUBLIC_URL it depends on the request).
   */
  uri: ColumnType<string | null, string | null | undefined, string | null>;
  /** The actor's profile page, as its server gives it; null for a local account (platform/uris). */
  url: ColumnType<string | null, string | null | undefined, string | null>;
  inbox_url: ColumnType<string | null, string | null | undefined, string | null>;
  shared_inbox_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** The actor's key, which signs its activities; null until the server federates. */
  public_key_pem: ColumnType<string | null, string | null | undefined, string | null>;
  /** A local actor's private key (signs what the server sends for it); null for a remote one. */
  private_key_pem: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a remote actor was last fetched from its server; null for a local account. */
  fetched_at: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Moves with every change to what the account shows (commit.ts `accountChanged`): its summaries and
   * accounts are kept by (id, version) (docs/decisions/126).
   */
  version: Generated<number>;
  first_name: string;
  last_name: string;
  avatar_url: string;
  bio: string;
  links: string;
  city: string;
  follower_count: Generated<number>;
  following_count: Generated<number>;
  created_at: string;
  updated_at: string;
  /** For people search (search/name-keys.ts): "first last" and the last name, lower-cased, no accents. */
  name_key: ColumnType<string, string | undefined, string>;
  last_name_key: ColumnType<string, string | undefined, string>;
  suspended_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** A timed suspension ends by itself then; null: until lifted (purged 30 days after `suspended_at`). */
  suspension_ends_at: ColumnType<string | null, string | null | undefined, string | null>;
  limited_at: ColumnType<string | null, string | null | undefined, string | null>;
  limit_ends_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The profile's header picture; empty when none. */
  header_url: ColumnType<string, string | undefined, string>;
}

/** A local person's login, attached to their account (docs/decisions/125). */
export interface UsersTable {
  account_id: string;
  password_hash: string;
  email: string;
  /** Lower-cased email: unique among non-empty keys (one address, one account); empty when no address. */
  email_key: ColumnType<string, string | undefined, string>;
  /** When the address was confirmed by its link; null until then (docs/decisions/100). */
  email_confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  role: ColumnType<Role, Role | undefined, Role>;
  /** Bumped by a password change and a suspension: tokens carrying an older version are refused. */
  token_version: Generated<number>;
  /** When the person finished or skipped the web client's welcome; null until then (docs/decisions/101). */
  onboarded_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Mastodon app that signed the person up; null for a sign-up on Sync's pages (docs/decisions/100). */
  signup_app_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set while the sign-up waits for a moderator's approval. */
  pending_since: ColumnType<string | null, string | null | undefined, string | null>;
  signup_reason: ColumnType<string, string | undefined, string>;
  invite_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Moves with every change to what this person's rules hold (docs/decisions/112): kept rules older are not used. */
  rules_version: Generated<number>;
  /** Who may quote a new post of theirs, unless the post says otherwise (a posting preference). */
  quote_policy: ColumnType<QuotePolicy, QuotePolicy | undefined, QuotePolicy>;
  /** When the person signed up. */
  created_at: string;
}

/** Who may quote a post (docs/decisions/092): anyone, the author's followers, people the author follows, nobody. */
export type QuotePolicy = 'anyone' | 'followers' | 'following' | 'nobody';
/** A quote's state: shown, or detached by the quoted author. Null on a post that quotes nothing. */
export type QuoteState = 'accepted' | 'revoked';

/** Roles, each with every permission of the ones after it (use-cases/shared/roles.ts). */
export type Role = 'owner' | 'admin' | 'moderator' | 'user';

export interface PostsTable {
  id: string;
  author_id: string;
  content: string;
  /** Always equal to the number of 'like' rows in post_reactions for this post. */
  like_count: Generated<number>;
  comment_count: Generated<number>;
  /** Bumped with every change to what the post shows; hydrated posts are cached by (id, version). */
  version: Generated<number>;
  created_at: string;
  updated_at: string;
  /** How many of the media rows name this post: reads look for media only where there are some. */
  media_count: Generated<number>;
  /** 1: the author marked its images sensitive (shown blurred until clicked). */
  sensitive: Generated<number>;
  /** Always equal to the number of its `reposts` rows. */
  repost_count: Generated<number>;
  /** The post it quotes; null when it quotes none, or when the quoted post was deleted (`quote_state` stays). */
  quoted_post_id: ColumnType<string | null, string | null | undefined, string | null>;
  quote_state: ColumnType<QuoteState | null, QuoteState | null | undefined, QuoteState | null>;
  quote_policy: ColumnType<QuotePolicy, QuotePolicy | undefined, QuotePolicy>;
  /** Always equal to the number of posts quoting it with `quote_state` accepted. */
  quote_count: Generated<number>;
}

/** What a link sent by email does (docs/decisions/100). */
export type EmailTokenPurpose = 'confirm' | 'reset' | 'change';

/** A single-use link sent by email: its token is kept only as a SHA-256 hash. */
export interface EmailTokensTable {
  id: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  token_hash: string;
  /** The address the link confirms ('confirm': the account's at the time; 'change': the new one). */
  new_email: string;
  created_at: string;
  expires_at: string;
  used_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Where a job of the durable queue is (docs/decisions/121). */
export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** Work to do after a commit, once among all processes (data/jobs.repo.ts). */
export interface JobsTable {
  id: string;
  /** Which handler runs it (the app wires kinds to handlers). */
  kind: string;
  /** The handler's input, as JSON; emptied once the job is done (a mail's carries a link that opens an account). */
  payload: string;
  state: JobState;
  /** Attempts begun: each claim counts one. */
  attempts: Generated<number>;
  /** When it may run next (its first time, or its retry after a failure). */
  run_at: string;
  /** While 'running': the claim's end; another worker may claim it after (its process died). */
  claimed_until: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  /** When it was done, or failed for good. */
  finished_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One person's repost of a post; its id is the repost's place in timelines. */
export interface RepostsTable {
  id: string;
  user_id: string;
  post_id: string;
  created_at: string;
}

export type ReactionKind = 'like' | 'dislike';
export interface PostReactionsTable {
  post_id: string;
  user_id: string;
  kind: ReactionKind;
  created_at: string;
}

export interface CommentsTable {
  id: string;
  post_id: string;
  author_id: string;
  text: string;
  /** The comment this one answers (a reply to a reply, from a Mastodon app); null for a comment on the post. */
  reply_to_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
  media_count: Generated<number>;
}

export type VoteKind = 'up' | 'down';
export interface CommentVotesTable {
  comment_id: string;
  user_id: string;
  kind: VoteKind;
  created_at: string;
}

export interface BookmarksTable {
  user_id: string;
  post_id: string;
  created_at: string;
}

export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: string;
  /** 0: the followee's reposts are left out of the follower's Following timeline. */
  show_reposts: Generated<number>;
}

/** One row: moves with every suspension and limit, which every viewer's rules hold (docs/decisions/112). */
export interface ModerationVersionTable {
  id: number;
  version: number;
}

/** Who is mentioned by a post or a comment (`source_id`: the post's or the comment's id). */
export interface MentionsTable {
  source_id: string;
  post_id: string;
  comment_id: string | null;
  user_id: string;
  created_at: string;
}

/** A post's tags (lower-cased), with the post's created_at for the tag timeline. */
export interface PostTagsTable {
  post_id: string;
  tag: string;
  created_at: string;
  /** The tag's order in the post's text (first 0); null for a tag written before migration 029, until its backfill. */
  position: ColumnType<number | null, number | null, number>;
}

/** A comment's tags (migration 029), as `post_tags` holds a post's. */
export interface CommentTagsTable {
  comment_id: string;
  tag: string;
  /** The tag's order in the comment's text (first 0). */
  position: number;
}

/** Every kind of notification, in one list (the settings name them, the reads select by them). */
export const notificationKinds = [
  'like',
  'comment',
  'mention',
  'follow',
  'upvote',
  /** A moderator's warning, limit or suspension: no actor; `group_key` is the moderation action. */
  'moderation_warning',
  /** A report the recipient filed was resolved: `group_key` is the report. */
  'report_resolved',
  /** Reposts of the recipient's post, grouped like likes: `group_key` is the post. */
  'repost',
  /** A post quoting the recipient's: `post_id` and `group_key` are the quoting post. */
  'quote',
  /** The author edited a post the recipient liked, commented, reposted or bookmarked: `group_key` is the post. */
  'update',
  /** A post the recipient quoted was edited: `post_id` and `group_key` are the recipient's quoting post. */
  'quoted_update',
  /** A report was filed, told to the staff who handle reports: no actor; `group_key` is the report. */
  'new_report',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];
/** One entry of a user's notifications: the causes of one kind about one thing, grouped. */
export interface NotificationsTable {
  id: string;
  recipient_id: string;
  type: NotificationKind;
  group_key: string;
  post_id: string | null;
  comment_id: string | null;
  /** Always equal to the number of its notification_actors rows. */
  actor_count: number;
  /** When its latest cause happened. */
  latest_at: string;
}

/** What notifies a person; no row: every kind, from anyone (migration 019). */
export interface NotificationSettingsTable {
  user_id: string;
  /** The kinds turned off, comma-separated. */
  muted_types: Generated<string>;
  /** 1: only notifications some person the recipient follows caused. */
  only_from_following: Generated<number>;
  updated_at: string;
}

export interface NotificationActorsTable {
  notification_id: string;
  actor_id: string;
  created_at: string;
}

/** When each user last marked their notifications as read. */
export interface NotificationReadsTable {
  user_id: string;
  read_at: string;
}

/** An app registered for the Mastodon client API (`POST /api/v1/apps`). */
export interface OauthAppsTable {
  id: string;
  name: string;
  website: string | null;
  /** One per line. */
  redirect_uris: string;
  /** Space-separated, as OAuth writes them. */
  scopes: string;
  client_id: string;
  /** The SHA-256 of the secret the app was given once, at registration. */
  client_secret_hash: string;
  created_at: string;
}

/** An authorization code, usable once within its lifetime; only its hash is stored. */
export interface OauthCodesTable {
  code_hash: string;
  app_id: string;
  user_id: string;
  redirect_uri: string;
  scopes: string;
  code_challenge: string | null;
  code_challenge_method: string | null;
  created_at: string;
  /** 1 when the authorization request named `redirect_uri` (the token request must name it again), else 0. */
  redirect_uri_named: number;
  /** When the code was traded for a token; a code presented again after that ends the token. */
  exchanged_at: string | null;
  /** The token the code gave (null once that token is gone). */
  token_id: string | null;
}

/** An access token; only its hash is stored. No user: an app's own token (client_credentials). */
export interface OauthTokensTable {
  id: string;
  token_hash: string;
  app_id: string;
  user_id: string | null;
  scopes: string;
  created_at: string;
  last_used_at: string | null;
}

export type MarkerTimeline = 'home' | 'notifications';
/** Where a person stopped reading a timeline, kept for their apps (`/api/v1/markers`). */
export interface MarkersTable {
  user_id: string;
  timeline: MarkerTimeline;
  last_read_id: string;
  version: number;
  updated_at: string;
}

/** The status a person's `Idempotency-Key` made (POST /api/v1/statuses), kept an hour; the key as its hash. */
export interface IdempotencyKeysTable {
  user_id: string;
  key_hash: string;
  status_id: string;
  created_at: string;
}

export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: string;
}

export interface MutesTable {
  muter_id: string;
  muted_id: string;
  /** 1: the muted person's notifications are hidden too. */
  notifications: number;
  /** Null: until unmuted. */
  expires_at: string | null;
  created_at: string;
}

export type FilterAction = 'hide' | 'warn';
export type FilterContext = 'home' | 'notifications' | 'public' | 'thread' | 'account';
export interface FiltersTable {
  id: string;
  user_id: string;
  title: string;
  /** Comma-separated FilterContext values. */
  contexts: string;
  action: FilterAction;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface FilterKeywordsTable {
  id: string;
  filter_id: string;
  keyword: string;
  /** 1: matches whole words only. */
  whole_word: number;
  created_at: string;
}

export interface InstanceRulesTable {
  id: string;
  text: string;
  hint: string;
  position: number;
  created_at: string;
  updated_at: string;
  /** Retired rules stay for the reports that cite them. */
  deleted_at: string | null;
}

export interface InstanceSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface EmailDomainBlocksTable {
  domain: string;
  created_by: string | null;
  created_at: string;
}

export interface InvitesTable {
  id: string;
  code: string;
  creator_id: string | null;
  max_uses: number | null;
  uses: Generated<number>;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export type ReportCategory = 'spam' | 'legal' | 'violation' | 'other';
export interface ReportsTable {
  id: string;
  reporter_id: string | null;
  target_id: string;
  category: ReportCategory;
  /** The instance_rules a 'violation' cites, comma-separated. */
  rule_ids: string;
  comment: string;
  assigned_id: string | null;
  resolved_at: string | null;
  resolved_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A reported post or comment, with its text as it was when reported. */
export interface ReportItemsTable {
  report_id: string;
  post_id: string;
  comment_id: string | null;
  content: string;
  posted_at: string;
}

/** An image of a reported post or comment, with its alt text and sizes as they were when reported. */
export interface ReportMediaTable {
  report_id: string;
  media_id: string;
  post_id: string;
  /** Null: the post's own image. */
  comment_id: string | null;
  position: number;
  description: string;
  width: number;
  height: number;
  preview_width: number;
  preview_height: number;
  blurhash: string;
  focus_x: number;
  focus_y: number;
  animated: number;
}

export type ModerationActionType =
  | 'warn'
  | 'limit'
  | 'unlimit'
  | 'suspend'
  | 'unsuspend'
  | 'approve'
  | 'reject'
  | 'delete_post'
  | 'delete_comment';
export interface ModerationActionsTable {
  id: string;
  target_id: string;
  moderator_id: string | null;
  type: ModerationActionType;
  /** What the person is told (a warning's message, a suspension's reason). */
  text: string;
  report_id: string | null;
  ends_at: string | null;
  created_at: string;
}

/** Never updated: who did what to whom, when and why. */
export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  actor_username: string;
  action: string;
  target_type: string;
  target_id: string;
  target_label: string;
  reason: string;
  created_at: string;
}

export type MediaPurpose = 'attachment' | 'avatar' | 'header';
/** An uploaded image and its two stored files (`<key>.<extension>`, `<key>.small.webp`). */
export interface MediaTable {
  id: string;
  owner_id: string | null;
  purpose: MediaPurpose;
  post_id: string | null;
  comment_id: string | null;
  position: Generated<number>;
  key: string;
  content_type: string;
  extension: string;
  width: number;
  height: number;
  preview_width: number;
  preview_height: number;
  blurhash: string;
  description: Generated<string>;
  focus_x: Generated<number>;
  focus_y: Generated<number>;
  /** 1: an animated image (the preview is its first frame). */
  animated: Generated<number>;
  /** Both files: what counts against the owner's quota. */
  bytes: number;
  created_at: string;
  /** Since when nothing shows it; swept a day later. */
  unattached_since: string | null;
  /** Its files are to be deleted; nothing shows it. */
  removed_at: string | null;
}

/** A version of a post or a comment that an edit replaced. */
export interface EditHistoryTable {
  id: string;
  post_id: string;
  /** Null: a version of the post itself. */
  comment_id: string | null;
  text: string;
  sensitive: number;
  /** JSON: `[{id, description}]`, the images it showed in their order. */
  media: string;
  written_at: string;
  replaced_at: string;
}

export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
  posts: PostsTable;
  post_reactions: PostReactionsTable;
  comments: CommentsTable;
  comment_votes: CommentVotesTable;
  bookmarks: BookmarksTable;
  follows: FollowsTable;
  moderation_version: ModerationVersionTable;
  mentions: MentionsTable;
  post_tags: PostTagsTable;
  comment_tags: CommentTagsTable;
  notifications: NotificationsTable;
  notification_actors: NotificationActorsTable;
  notification_reads: NotificationReadsTable;
  oauth_apps: OauthAppsTable;
  oauth_codes: OauthCodesTable;
  oauth_tokens: OauthTokensTable;
  markers: MarkersTable;
  idempotency_keys: IdempotencyKeysTable;
  blocks: BlocksTable;
  mutes: MutesTable;
  filters: FiltersTable;
  filter_keywords: FilterKeywordsTable;
  instance_rules: InstanceRulesTable;
  instance_settings: InstanceSettingsTable;
  email_domain_blocks: EmailDomainBlocksTable;
  invites: InvitesTable;
  reports: ReportsTable;
  report_items: ReportItemsTable;
  report_media: ReportMediaTable;
  moderation_actions: ModerationActionsTable;
  audit_log: AuditLogTable;
  media: MediaTable;
  edit_history: EditHistoryTable;
  reposts: RepostsTable;
  email_tokens: EmailTokensTable;
  notification_settings: NotificationSettingsTable;
  jobs: JobsTable;
}
