import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { expect } from 'vitest';

/**
 * The Mastodon API's entities as Mastodon's documentation declares them (docs.joinmastodon.org/entities),
 * field by field, for the tests to hold Sync's answers to: every field the documentation lists for
 * Mastodon 4.5 (the version Sync names, API version 7) is required unless the documentation marks it
 * optional, with its type, its nullability and its format (ids are strings, times ISO 8601, links
 * absolute URLs). Fields added after 4.5 are not asked for. More fields than documented are allowed:
 * Mastodon's own answers carry some, and apps ignore what they do not know.
 *
 * Written from the documentation rather than from Sync's entity schemas (@sync/contract/mastodon),
 * so a view that drifts from the documentation fails here instead of agreeing with itself.
 */

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const oneOf = (...values: string[]) => Type.Union(values.map((value) => Type.Literal(value)));

/** Ids are strings ("cast from an integer, but not guaranteed to be a number"), never empty. */
const Id = Type.String({ minLength: 1 });
const DateTime = Type.String({ format: 'date-time' });
/** A calendar day, as `last_status_at` has been since Mastodon 3.1. */
const Day = Type.String({ format: 'date' });
const Url = Type.String({ format: 'uri' });
/** An ISO 639-1 two-letter code. */
const Language = Type.String({ pattern: '^[a-z]{2}$' });
const Html = Type.String();
const Count = Type.Integer({ minimum: 0 });

const Field = Type.Object({ name: Type.String(), value: Html, verified_at: nullable(DateTime) });
const CustomEmoji = Type.Object({
  shortcode: Type.String(),
  url: Url,
  static_url: Url,
  visible_in_picker: Type.Boolean(),
  category: nullable(Type.String()),
});
const AccountRole = Type.Object({ id: Id, name: Type.String(), color: Type.String() });

const accountFields = {
  id: Id,
  username: Type.String({ minLength: 1 }),
  acct: Type.String({ minLength: 1 }),
  url: nullable(Url),
  uri: Url,
  display_name: Type.String(),
  note: Html,
  avatar: Url,
  avatar_static: Url,
  header: Url,
  header_static: Url,
  locked: Type.Boolean(),
  fields: Type.Array(Field),
  emojis: Type.Array(CustomEmoji),
  bot: Type.Boolean(),
  group: Type.Boolean(),
  discoverable: nullable(Type.Boolean()),
  indexable: Type.Boolean(),
  noindex: Type.Optional(nullable(Type.Boolean())),
  created_at: DateTime,
  last_status_at: nullable(Day),
  statuses_count: Count,
  followers_count: Count,
  following_count: Count,
  hide_collections: nullable(Type.Boolean()),
  roles: nullable(Type.Array(AccountRole)),
};
const Account = Type.Object(accountFields);

/** A role's permissions: Mastodon's bit flags as a decimal string. */
const Role = Type.Object({
  id: Id,
  name: Type.String(),
  color: Type.String(),
  permissions: Type.String({ pattern: '^[0-9]+$' }),
  highlighted: Type.Boolean(),
});

const QuotePolicy = oneOf('public', 'followers', 'nobody');
const CredentialAccount = Type.Object({
  ...accountFields,
  source: Type.Object({
    attribution_domains: Type.Array(Type.String()),
    note: Type.String(),
    fields: Type.Array(Field),
    privacy: oneOf('public', 'unlisted', 'private', 'direct'),
    sensitive: Type.Boolean(),
    language: Type.Union([Language, Type.Literal('')]),
    follow_requests_count: Count,
    hide_collections: nullable(Type.Boolean()),
    discoverable: nullable(Type.Boolean()),
    indexable: Type.Boolean(),
    quote_policy: QuotePolicy,
  }),
  role: Role,
});
const MutedAccount = Type.Object({ ...accountFields, mute_expires_at: nullable(DateTime) });

const MediaSize = Type.Object({ width: Count, height: Count, size: Type.String(), aspect: Type.Number() });
const MediaAttachment = Type.Object({
  id: Id,
  type: oneOf('unknown', 'image', 'gifv', 'video', 'audio'),
  url: nullable(Url),
  preview_url: nullable(Url),
  remote_url: nullable(Url),
  meta: nullable(
    Type.Object({
      original: Type.Optional(MediaSize),
      small: Type.Optional(MediaSize),
      focus: Type.Optional(
        nullable(
          Type.Object({
            x: nullable(Type.Number({ minimum: -1, maximum: 1 })),
            y: nullable(Type.Number({ minimum: -1, maximum: 1 })),
          }),
        ),
      ),
    }),
  ),
  description: nullable(Type.String()),
  blurhash: nullable(Type.String()),
});

const FilterContext = oneOf('home', 'notifications', 'public', 'thread', 'account');
const FilterKeyword = Type.Object({ id: Id, keyword: Type.String(), whole_word: Type.Boolean() });
const FilterStatus = Type.Object({ id: Id, status_id: Id });
const filterFields = {
  id: Id,
  title: Type.String(),
  context: Type.Array(FilterContext),
  expires_at: nullable(DateTime),
  filter_action: oneOf('warn', 'hide', 'blur'),
  keywords: Type.Optional(Type.Array(FilterKeyword)),
  statuses: Type.Optional(Type.Array(FilterStatus)),
};
const Filter = Type.Object(filterFields);
const FilterResult = Type.Object({
  filter: Filter,
  keyword_matches: nullable(Type.Array(Type.String())),
  status_matches: nullable(Type.Array(Id)),
});
const V1Filter = Type.Object({
  id: Id,
  phrase: Type.String(),
  context: Type.Array(FilterContext),
  expires_at: nullable(DateTime),
  irreversible: Type.Boolean(),
  whole_word: Type.Boolean(),
});

const QuoteState = oneOf(
  'pending',
  'accepted',
  'rejected',
  'revoked',
  'deleted',
  'unauthorized',
  'blocked_account',
  'blocked_domain',
  'muted_account',
);
const ShallowQuote = Type.Object({ state: QuoteState, quoted_status_id: nullable(Id) });
const QuoteAudience = oneOf('public', 'followers', 'following', 'unsupported_policy');
const QuoteApproval = Type.Object({
  automatic: Type.Array(QuoteAudience),
  manual: Type.Array(QuoteAudience),
  current_user: oneOf('automatic', 'manual', 'denied', 'unknown'),
});
const PollOption = Type.Object({ title: Type.String(), votes_count: nullable(Count) });
const Poll = Type.Object({
  id: Id,
  expires_at: nullable(DateTime),
  expired: Type.Boolean(),
  multiple: Type.Boolean(),
  votes_count: Count,
  voters_count: nullable(Count),
  options: Type.Array(PollOption),
  emojis: Type.Array(CustomEmoji),
  voted: Type.Optional(Type.Boolean()),
  own_votes: Type.Optional(Type.Array(Type.Integer())),
});
const PreviewCard = Type.Object({
  url: Url,
  title: Type.String(),
  description: Type.String(),
  type: oneOf('link', 'photo', 'video', 'rich'),
  authors: Type.Array(Type.Object({ name: Type.String(), url: Type.String(), account: nullable(Account) })),
  provider_name: Type.String(),
  provider_url: Type.String(),
  html: Html,
  width: Count,
  height: Count,
  image: nullable(Url),
  embed_url: Type.String(),
  blurhash: nullable(Type.String()),
});

/**
 * A status, with what it may hold inside: a reblog's status holds no reblog, and a quoted status names
 * what it quotes only by id (Mastodon shows quotes one level deep).
 */
function status(reblog: TSchema, quote: TSchema) {
  return Type.Object({
    id: Id,
    uri: Url,
    created_at: DateTime,
    account: Account,
    content: Html,
    visibility: oneOf('public', 'unlisted', 'private', 'direct'),
    sensitive: Type.Boolean(),
    spoiler_text: Type.String(),
    media_attachments: Type.Array(MediaAttachment),
    // Optional, never null: Mastodon leaves it out when it does not show it.
    application: Type.Optional(Type.Object({ name: Type.String(), website: nullable(Url) })),
    mentions: Type.Array(Type.Object({ id: Id, username: Type.String(), url: Url, acct: Type.String() })),
    tags: Type.Array(Type.Object({ name: Type.String(), url: Url })),
    emojis: Type.Array(CustomEmoji),
    reblogs_count: Count,
    favourites_count: Count,
    quotes_count: Count,
    replies_count: Count,
    url: nullable(Url),
    in_reply_to_id: nullable(Id),
    in_reply_to_account_id: nullable(Id),
    reblog: nullable(reblog),
    poll: nullable(Poll),
    card: nullable(PreviewCard),
    language: nullable(Language),
    text: Type.Optional(nullable(Type.String())),
    edited_at: nullable(DateTime),
    quote: nullable(quote),
    quote_approval: QuoteApproval,
    favourited: Type.Optional(Type.Boolean()),
    reblogged: Type.Optional(Type.Boolean()),
    muted: Type.Optional(Type.Boolean()),
    bookmarked: Type.Optional(Type.Boolean()),
    pinned: Type.Optional(Type.Boolean()),
    filtered: Type.Optional(Type.Array(FilterResult)),
  });
}
const QuotedStatus = status(Type.Null(), ShallowQuote);
const Quote = Type.Object({ state: QuoteState, quoted_status: nullable(QuotedStatus) });
const ReblogOf = status(Type.Null(), Type.Union([Quote, ShallowQuote]));
const Status = status(ReblogOf, Type.Union([Quote, ShallowQuote]));

const StatusEdit = Type.Object({
  content: Html,
  spoiler_text: Type.String(),
  sensitive: Type.Boolean(),
  created_at: DateTime,
  account: Account,
  poll: Type.Optional(nullable(Type.Object({ options: Type.Array(Type.Object({ title: Type.String() })) }))),
  media_attachments: Type.Array(MediaAttachment),
  emojis: Type.Array(CustomEmoji),
  quote: Type.Optional(nullable(Type.Union([Quote, ShallowQuote]))),
});
const StatusSource = Type.Object({ id: Id, text: Type.String(), spoiler_text: Type.String() });
const Context = Type.Object({ ancestors: Type.Array(Status), descendants: Type.Array(Status) });

const Relationship = Type.Object({
  id: Id,
  following: Type.Boolean(),
  showing_reblogs: Type.Boolean(),
  notifying: Type.Boolean(),
  languages: nullable(Type.Array(Language)),
  followed_by: Type.Boolean(),
  blocking: Type.Boolean(),
  blocked_by: Type.Boolean(),
  muting: Type.Boolean(),
  muting_notifications: Type.Boolean(),
  requested: Type.Boolean(),
  requested_by: Type.Boolean(),
  domain_blocking: Type.Boolean(),
  endorsed: Type.Boolean(),
  note: Type.String(),
});
const FamiliarFollowers = Type.Object({ id: Id, accounts: Type.Array(Account) });
const Suggestion = Type.Object({
  source: oneOf('staff', 'past_interactions', 'global'),
  sources: Type.Array(
    oneOf(
      'featured',
      'most_followed',
      'most_interactions',
      'similar_to_recently_followed',
      'friends_of_friends',
    ),
  ),
  account: Account,
});

/** A number of the day's use: "cast from an integer". */
const Numeral = Type.String({ pattern: '^[0-9]+$' });
const Tag = Type.Object({
  id: Id,
  name: Type.String({ minLength: 1 }),
  url: Url,
  history: Type.Array(Type.Object({ day: Numeral, uses: Numeral, accounts: Numeral })),
  following: Type.Optional(Type.Boolean()),
  featuring: Type.Optional(Type.Boolean()),
});
const FeaturedTag = Type.Object({
  id: Id,
  name: Type.String(),
  url: Url,
  statuses_count: Type.String(),
  last_status_at: nullable(Day),
});
const Search = Type.Object({
  accounts: Type.Array(Account),
  statuses: Type.Array(Status),
  hashtags: Type.Array(Tag),
});

const Rule = Type.Object({ id: Id, text: Type.String(), hint: Type.String(), translations: Type.Object({}) });
const Report = Type.Object({
  id: Id,
  action_taken: Type.Boolean(),
  action_taken_at: nullable(DateTime),
  category: oneOf('spam', 'legal', 'violation', 'other'),
  comment: Type.String(),
  forwarded: Type.Boolean(),
  created_at: DateTime,
  status_ids: nullable(Type.Array(Id)),
  rule_ids: nullable(Type.Array(Id)),
  target_account: Account,
});

const Appeal = Type.Object({ text: Type.String(), state: oneOf('approved', 'rejected', 'pending') });
const AccountWarning = Type.Object({
  id: Id,
  action: oneOf(
    'none',
    'disable',
    'mark_statuses_as_sensitive',
    'delete_statuses',
    'sensitive',
    'silence',
    'suspend',
  ),
  text: Type.String(),
  status_ids: nullable(Type.Array(Id)),
  target_account: Account,
  appeal: nullable(Appeal),
  created_at: DateTime,
});

const NotificationType = oneOf(
  'mention',
  'status',
  'reblog',
  'follow',
  'follow_request',
  'favourite',
  'poll',
  'update',
  'admin.sign_up',
  'admin.report',
  'severed_relationships',
  'moderation_warning',
  'quote',
  'quoted_update',
);
const Notification = Type.Object({
  id: Id,
  type: NotificationType,
  group_key: Type.String({ minLength: 1 }),
  created_at: DateTime,
  account: Account,
  status: Type.Optional(Status),
  report: Type.Optional(Report),
  moderation_warning: Type.Optional(AccountWarning),
});
const NotificationGroup = Type.Object({
  group_key: Type.String({ minLength: 1 }),
  notifications_count: Type.Integer({ minimum: 1 }),
  type: NotificationType,
  most_recent_notification_id: Id,
  page_min_id: Type.Optional(Id),
  page_max_id: Type.Optional(Id),
  latest_page_notification_at: Type.Optional(DateTime),
  sample_account_ids: Type.Array(Id),
  status_id: Type.Optional(Id),
  report: Type.Optional(Report),
  moderation_warning: Type.Optional(AccountWarning),
});
const GroupedNotificationsResults = Type.Object({
  accounts: Type.Array(Account),
  statuses: Type.Array(Status),
  notification_groups: Type.Array(NotificationGroup),
});
const PolicyAction = oneOf('accept', 'filter', 'drop');
const NotificationPolicy = Type.Object({
  for_not_following: PolicyAction,
  for_not_followers: PolicyAction,
  for_new_accounts: PolicyAction,
  for_private_mentions: PolicyAction,
  for_limited_accounts: PolicyAction,
  summary: Type.Object({ pending_requests_count: Count, pending_notifications_count: Count }),
});
/** `GET /api/v1/notifications/unread_count`, `/api/v2/notifications/unread_count`. */
const UnreadCount = Type.Object({ count: Count });

const Marker = Type.Object({ last_read_id: Id, version: Count, updated_at: DateTime });
/** The markers answer: a marker for each timeline asked for (`home`, `notifications`). */
const Markers = Type.Object({ home: Type.Optional(Marker), notifications: Type.Optional(Marker) });

const Preferences = Type.Object({
  'posting:default:visibility': oneOf('public', 'unlisted', 'private', 'direct'),
  'posting:default:sensitive': Type.Boolean(),
  'posting:default:language': nullable(Language),
  'reading:expand:media': oneOf('default', 'show_all', 'hide_all'),
  'reading:expand:spoilers': Type.Boolean(),
});

const AdminAccount = Type.Object({
  id: Id,
  username: Type.String({ minLength: 1 }),
  domain: nullable(Type.String()),
  created_at: DateTime,
  email: Type.String(),
  ip: nullable(Type.String()),
  ips: Type.Array(Type.Object({ ip: Type.String(), used_at: DateTime })),
  locale: Language,
  invite_request: nullable(Type.String()),
  role: Role,
  confirmed: Type.Boolean(),
  approved: Type.Boolean(),
  disabled: Type.Boolean(),
  sensitized: Type.Boolean(),
  silenced: Type.Boolean(),
  suspended: Type.Boolean(),
  account: Account,
});
const AdminReport = Type.Object({
  id: Id,
  action_taken: Type.Boolean(),
  action_taken_at: nullable(DateTime),
  category: oneOf('spam', 'legal', 'violation', 'other'),
  comment: Type.String(),
  forwarded: Type.Boolean(),
  created_at: DateTime,
  updated_at: DateTime,
  account: AdminAccount,
  target_account: AdminAccount,
  assigned_account: nullable(AdminAccount),
  action_taken_by_account: nullable(AdminAccount),
  statuses: Type.Array(Status),
  rules: Type.Array(Rule),
});

const StatusLimits = {
  max_characters: Count,
  max_media_attachments: Count,
  characters_reserved_per_url: Count,
};
const MediaLimits = {
  supported_mime_types: Type.Array(Type.String()),
  image_size_limit: Count,
  image_matrix_limit: Count,
  video_size_limit: Count,
  video_frame_rate_limit: Count,
  video_matrix_limit: Count,
};
const PollLimits = Type.Object({
  max_options: Count,
  max_characters_per_option: Count,
  min_expiration: Count,
  max_expiration: Count,
});
const feedAccess = (local: TSchema, remote: TSchema) => Type.Object({ local, remote });
const Instance = Type.Object({
  domain: Type.String({ minLength: 1 }),
  title: Type.String(),
  version: Type.String(),
  source_url: Url,
  description: Type.String(),
  usage: Type.Object({ users: Type.Object({ active_month: Count }) }),
  thumbnail: Type.Object({
    url: Url,
    blurhash: Type.Optional(Type.String()),
    versions: Type.Optional(Type.Object({ '@1x': Type.Optional(Url), '@2x': Type.Optional(Url) })),
  }),
  icon: Type.Array(Type.Object({ src: Url, size: Type.String({ pattern: '^[0-9]+x[0-9]+$' }) })),
  languages: Type.Array(Language),
  configuration: Type.Object({
    urls: Type.Object({
      streaming: Url,
      status: nullable(Url),
      about: Url,
      privacy_policy: nullable(Url),
      terms_of_service: nullable(Url),
    }),
    vapid: Type.Object({ public_key: Type.String() }),
    accounts: Type.Object({ max_featured_tags: Count, max_pinned_statuses: Count }),
    statuses: Type.Object(StatusLimits),
    media_attachments: Type.Object({ ...MediaLimits, description_limit: Count }),
    polls: PollLimits,
    translation: Type.Object({ enabled: Type.Boolean() }),
    timelines_access: Type.Object({
      live_feeds: feedAccess(
        oneOf('public', 'authenticated', 'disabled'),
        oneOf('public', 'authenticated', 'disabled'),
      ),
      hashtag_feeds: feedAccess(
        oneOf('public', 'authenticated'),
        oneOf('public', 'authenticated', 'disabled'),
      ),
      trending_link_feeds: feedAccess(
        oneOf('public', 'authenticated'),
        oneOf('public', 'authenticated', 'disabled'),
      ),
    }),
    limited_federation: Type.Boolean(),
  }),
  registrations: Type.Object({
    enabled: Type.Boolean(),
    approval_required: Type.Boolean(),
    message: nullable(Html),
    min_age: nullable(Type.Integer({ minimum: 0 })),
    reason_required: nullable(Type.Boolean()),
    url: nullable(Url),
  }),
  api_versions: Type.Object({ mastodon: Type.Integer({ minimum: 0 }) }),
  contact: Type.Object({ email: Type.String({ format: 'email' }), account: nullable(Account) }),
  rules: Type.Array(Rule),
});
const V1Instance = Type.Object({
  uri: Type.String({ minLength: 1 }),
  title: Type.String(),
  short_description: Type.String(),
  description: Type.String(),
  email: Type.String({ format: 'email' }),
  version: Type.String(),
  urls: Type.Object({ streaming_api: Url }),
  stats: Type.Object({ user_count: Count, status_count: Count, domain_count: Count }),
  thumbnail: nullable(Url),
  languages: Type.Array(Language),
  registrations: Type.Boolean(),
  approval_required: Type.Boolean(),
  invites_enabled: Type.Boolean(),
  configuration: Type.Object({
    accounts: Type.Object({ max_featured_tags: Count }),
    statuses: Type.Object(StatusLimits),
    media_attachments: Type.Object(MediaLimits),
    polls: PollLimits,
  }),
  contact_account: nullable(Account),
  rules: Type.Array(Rule),
});

const applicationFields = {
  id: Id,
  name: Type.String({ minLength: 1 }),
  website: Type.Optional(nullable(Url)),
  scopes: Type.Array(Type.String()),
  redirect_uris: Type.Array(Type.String({ minLength: 1 })),
  redirect_uri: Type.String(),
  vapid_key: Type.String(),
};
const Application = Type.Object(applicationFields);
const CredentialApplication = Type.Object({
  ...applicationFields,
  client_id: Type.String({ minLength: 1 }),
  client_secret: Type.String({ minLength: 1 }),
  client_secret_expires_at: Type.Integer({ minimum: 0 }),
});
const Token = Type.Object({
  access_token: Type.String({ minLength: 1 }),
  token_type: Type.String({ minLength: 1 }),
  scope: Type.String(),
  created_at: Type.Integer({ minimum: 0 }),
});
const ErrorEntity = Type.Object({
  error: Type.String({ minLength: 1 }),
  error_description: Type.Optional(Type.String()),
});
/** "Returns: Empty": an empty hash. */
const Empty = Type.Object({}, { additionalProperties: false });

const List = Type.Object({
  id: Id,
  title: Type.String(),
  replies_policy: oneOf('followed', 'list', 'none'),
  exclusive: Type.Boolean(),
});
const Conversation = Type.Object({
  id: Id,
  unread: Type.Boolean(),
  accounts: Type.Array(Account),
  last_status: nullable(Status),
});
const Announcement = Type.Object({
  id: Id,
  content: Html,
  starts_at: nullable(DateTime),
  ends_at: nullable(DateTime),
  all_day: Type.Boolean(),
  published_at: DateTime,
  updated_at: DateTime,
  read: Type.Optional(Type.Boolean()),
  mentions: Type.Array(Type.Object({ id: Id, username: Type.String(), url: Url, acct: Type.String() })),
  statuses: Type.Array(Type.Object({ id: Id, url: Url })),
  tags: Type.Array(Type.Object({ name: Type.String(), url: Url })),
  emojis: Type.Array(CustomEmoji),
  reactions: Type.Array(Type.Object({ name: Type.String(), count: Count })),
});
const ScheduledStatus = Type.Object({
  id: Id,
  scheduled_at: DateTime,
  params: Type.Object({ text: Type.String() }),
  media_attachments: Type.Array(MediaAttachment),
});
/** A trending link: a preview card with its history. */
const TrendsLink = Type.Object({
  ...PreviewCard.properties,
  history: Type.Array(Type.Object({ day: Numeral, uses: Numeral, accounts: Numeral })),
});

/** Every entity the Mastodon API answers with, by the name its documentation gives it. */
export const mastodonEntities = {
  Account,
  CredentialAccount,
  MutedAccount,
  Role,
  Relationship,
  FamiliarFollowers,
  Suggestion,
  Status,
  StatusEdit,
  StatusSource,
  Context,
  MediaAttachment,
  Filter,
  FilterKeyword,
  V1Filter,
  Tag,
  FeaturedTag,
  Search,
  Rule,
  Report,
  Notification,
  GroupedNotificationsResults,
  NotificationPolicy,
  UnreadCount,
  Markers,
  Preferences,
  AdminAccount,
  AdminReport,
  Instance,
  V1Instance,
  Application,
  CredentialApplication,
  Token,
  Error: ErrorEntity,
  Empty,
  List,
  Conversation,
  Announcement,
  ScheduledStatus,
  CustomEmoji,
  TrendsLink,
  /** `GET /api/v1/domain_blocks`: the blocked domains' names. */
  DomainName: Type.String({ minLength: 1 }),
};

export type MastodonEntity = keyof typeof mastodonEntities;

/** An answer's entity: one, or (`[name]`) a list of them. */
export type EntityShape = MastodonEntity | [MastodonEntity];

/** The ways `body` differs from the entity, one line each (`/path: message`); empty when it is one. */
export function entityErrors(shape: EntityShape, body: unknown): string[] {
  const schema = Array.isArray(shape) ? Type.Array(mastodonEntities[shape[0]]) : mastodonEntities[shape];
  return [...Value.Errors(schema, body)].map((error) => `${error.instancePath || '/'}: ${error.message}`);
}

/** Fails, naming every difference, unless `body` is the entity (or list of them) Mastodon documents. */
/** The type of a body that is the entity (or a list of it), as the documentation declares it. */
type EntityOf<Shape extends EntityShape> = Shape extends [infer Name extends MastodonEntity]
  ? DocumentedEntity<Name>[]
  : Shape extends MastodonEntity
    ? DocumentedEntity<Shape>
    : never;
type DocumentedEntity<Name extends MastodonEntity> =
  (typeof mastodonEntities)[Name] extends infer Schema extends TSchema ? Static<Schema> : never;

/** The body is the entity (or a list of it) as documented; past this, the test reads it as one. */
export function expectEntity<Shape extends EntityShape>(
  shape: Shape,
  body: unknown,
): asserts body is EntityOf<Shape> {
  const errors = entityErrors(shape, body);
  expect(errors, `not a Mastodon ${String(shape)}:\n${errors.join('\n')}`).toEqual([]);
}
