import { Type, type Static } from 'typebox';
import { Account } from './accounts.js';
import { AlwaysEmpty, Entity, Nullable } from './entity.js';

/** https://docs.joinmastodon.org/entities/Rule/ — one of the server's rules, as the About and sign-up pages show them. */
export const Rule = Entity({
  id: Type.String(),
  text: Type.String(),
  hint: Type.String(),
  /** Mastodon 4.4: the text and hint in other languages, by locale. */
  translations: Type.Record(Type.String(), Entity({ text: Type.String(), hint: Type.String() })),
});
export type Rule = Static<typeof Rule>;

export const StatusLimits = Entity({
  max_characters: Type.Integer(),
  max_media_attachments: Type.Integer(),
  characters_reserved_per_url: Type.Integer(),
});
export type StatusLimits = Static<typeof StatusLimits>;

const mediaLimitFields = {
  supported_mime_types: Type.Array(Type.String()),
  image_size_limit: Type.Integer(),
  image_matrix_limit: Type.Integer(),
  video_size_limit: Type.Integer(),
  video_frame_rate_limit: Type.Integer(),
  video_matrix_limit: Type.Integer(),
};
export const MediaLimits = Entity(mediaLimitFields);
export type MediaLimits = Static<typeof MediaLimits>;

export const PollLimits = Entity({
  max_options: Type.Integer(),
  max_characters_per_option: Type.Integer(),
  min_expiration: Type.Integer(),
  max_expiration: Type.Integer(),
});
export type PollLimits = Static<typeof PollLimits>;

/** Who may read a kind of feed (Mastodon 4.5): Sync's are open to everyone. */
const FeedAccess = Entity({ local: Type.Literal('public'), remote: Type.Literal('public') });

/** https://docs.joinmastodon.org/entities/Instance/ — `GET /api/v2/instance` */
export const Instance = Entity({
  domain: Type.String(),
  title: Type.String(),
  version: Type.String(),
  source_url: Type.String(),
  description: Type.String(),
  usage: Entity({ users: Entity({ active_month: Type.Integer() }) }),
  thumbnail: Entity({ url: Type.String() }),
  icon: AlwaysEmpty,
  languages: Type.Array(Type.String()),
  configuration: Entity({
    urls: Entity({
      streaming: Type.String(),
      status: Type.Null(),
      about: Type.String(),
      privacy_policy: Type.Null(),
      terms_of_service: Type.Null(),
    }),
    vapid: Entity({ public_key: Type.String() }),
    accounts: Entity({ max_featured_tags: Type.Integer(), max_pinned_statuses: Type.Integer() }),
    statuses: StatusLimits,
    media_attachments: Entity({ ...mediaLimitFields, description_limit: Type.Integer() }),
    polls: PollLimits,
    translation: Entity({ enabled: Type.Boolean() }),
    timelines_access: Entity({
      live_feeds: FeedAccess,
      hashtag_feeds: FeedAccess,
      trending_link_feeds: FeedAccess,
    }),
    limited_federation: Type.Boolean(),
  }),
  registrations: Entity({
    enabled: Type.Boolean(),
    approval_required: Type.Boolean(),
    reason_required: Type.Boolean(),
    /** HTML, or null when the admins wrote none. */
    message: Nullable(Type.String()),
    min_age: Type.Null(),
    url: Nullable(Type.String()),
  }),
  api_versions: Entity({ mastodon: Type.Integer() }),
  contact: Entity({ email: Type.String(), account: Nullable(Account) }),
  rules: Type.Array(Rule),
});
export type Instance = Static<typeof Instance>;

/** https://docs.joinmastodon.org/entities/V1_Instance/ — `GET /api/v1/instance`, which older apps still read. */
export const V1Instance = Entity({
  uri: Type.String(),
  title: Type.String(),
  short_description: Type.String(),
  description: Type.String(),
  email: Type.String(),
  version: Type.String(),
  urls: Entity({ streaming_api: Type.String() }),
  stats: Entity({ user_count: Type.Integer(), status_count: Type.Integer(), domain_count: Type.Integer() }),
  thumbnail: Nullable(Type.String()),
  languages: Type.Array(Type.String()),
  registrations: Type.Boolean(),
  approval_required: Type.Boolean(),
  invites_enabled: Type.Boolean(),
  configuration: Entity({
    accounts: Entity({ max_featured_tags: Type.Integer() }),
    statuses: StatusLimits,
    media_attachments: MediaLimits,
    polls: PollLimits,
  }),
  contact_account: Nullable(Account),
  rules: Type.Array(Rule),
});
export type V1Instance = Static<typeof V1Instance>;
