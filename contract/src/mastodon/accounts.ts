import { Type, type Static } from 'typebox';
import { AlwaysEmpty, Entity, Nullable } from './entity.js';
import { QuoteApprovalPolicy } from './quotes.js';

/** https://docs.joinmastodon.org/entities/Account/#Field */
export const AccountField = Entity({
  name: Type.String(),
  value: Type.String(),
  verified_at: Nullable(Type.String()),
});
export type AccountField = Static<typeof AccountField>;

const accountFields = {
  id: Type.String(),
  username: Type.String(),
  acct: Type.String(),
  display_name: Type.String(),
  locked: Type.Boolean(),
  bot: Type.Boolean(),
  discoverable: Type.Boolean(),
  indexable: Type.Boolean(),
  group: Type.Boolean(),
  hide_collections: Type.Boolean(),
  noindex: Type.Boolean(),
  created_at: Type.String(),
  note: Type.String(),
  url: Type.String(),
  uri: Type.String(),
  avatar: Type.String(),
  avatar_static: Type.String(),
  header: Type.String(),
  header_static: Type.String(),
  followers_count: Type.Integer(),
  following_count: Type.Integer(),
  statuses_count: Type.Integer(),
  last_status_at: Nullable(Type.String()),
  emojis: AlwaysEmpty,
  fields: Type.Array(AccountField),
  roles: AlwaysEmpty,
};

/** https://docs.joinmastodon.org/entities/Account/ */
export const Account = Entity(accountFields);
export type Account = Static<typeof Account>;

/** An account as `GET /api/v1/mutes` lists it: with when the mute ends (null: when the person ends it). */
export const MutedAccount = Entity({ ...accountFields, mute_expires_at: Nullable(Type.String()) });
export type MutedAccount = Static<typeof MutedAccount>;

/**
 * https://docs.joinmastodon.org/entities/Role/ — a role, as the person's own account and the admin API
 * show it. `permissions`: Mastodon's bit flags, as decimal text.
 */
export const Role = Entity({
  id: Type.String(),
  name: Type.String(),
  color: Type.String(),
  permissions: Type.String(),
  highlighted: Type.Boolean(),
});
export type Role = Static<typeof Role>;

/** https://docs.joinmastodon.org/entities/Account/#CredentialAccount — the signed-in person's own account. */
export const CredentialAccount = Entity({
  ...accountFields,
  /** The person's role, so an app can tell the owner and staff from a member. */
  role: Role,
  source: Entity({
    privacy: Type.Literal('public'),
    sensitive: Type.Boolean(),
    language: Type.String(),
    note: Type.String(),
    fields: Type.Array(AccountField),
    follow_requests_count: Type.Integer(),
    hide_collections: Type.Boolean(),
    discoverable: Type.Boolean(),
    indexable: Type.Boolean(),
    /** Sites allowed to credit the account: Sync has no author attribution. */
    attribution_domains: AlwaysEmpty,
    /** Mastodon 4.5: who may quote the account's new posts by default (`public`, `followers`, `nobody`). */
    quote_policy: QuoteApprovalPolicy,
  }),
});
export type CredentialAccount = Static<typeof CredentialAccount>;

/** https://docs.joinmastodon.org/entities/Relationship/ */
export const Relationship = Entity({
  id: Type.String(),
  following: Type.Boolean(),
  showing_reblogs: Type.Boolean(),
  notifying: Type.Boolean(),
  languages: Type.Null(),
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
export type Relationship = Static<typeof Relationship>;

/**
 * https://docs.joinmastodon.org/entities/Suggestion/ — why an account is suggested: Sync suggests the
 * most followed people the viewer does not follow.
 */
export const Suggestion = Entity({
  source: Type.Literal('global'),
  sources: Type.Array(Type.Literal('most_followed')),
  account: Account,
});
export type Suggestion = Static<typeof Suggestion>;

/** https://docs.joinmastodon.org/entities/FamiliarFollowers/ */
export const FamiliarFollowers = Entity({ id: Type.String(), accounts: Type.Array(Account) });
export type FamiliarFollowers = Static<typeof FamiliarFollowers>;
