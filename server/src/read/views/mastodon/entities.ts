/**
 * The Mastodon API's entities as Sync answers them (https://docs.joinmastodon.org/entities/): ids are
 * strings, times ISO 8601 UTC with milliseconds, URLs absolute. Only the fields Sync can fill are
 * anything but their documented empty values.
 */

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
  source: {
    privacy: 'public';
    sensitive: boolean;
    language: string;
    note: string;
    fields: AccountField[];
    follow_requests_count: number;
  };
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
  reblog: null;
  application: null;
  account: Account;
  media_attachments: never[];
  mentions: StatusMention[];
  tags: StatusTag[];
  emojis: never[];
  card: null;
  poll: null;
  quote: null;
  filtered?: never[];
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
