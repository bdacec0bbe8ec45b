import { Type, type Static } from 'typebox';
import { Account } from './accounts.js';
import { AlwaysEmpty, Either, Entity, Nullable } from './entity.js';
import { FilterResult } from './filters.js';
import { MediaAttachment } from './media.js';
import { QuoteApproval, QuoteStateName, ShallowQuote } from './quotes.js';

/** https://docs.joinmastodon.org/entities/Status/#Mention */
export const StatusMention = Entity({
  id: Type.String(),
  username: Type.String(),
  url: Type.String(),
  acct: Type.String(),
});
export type StatusMention = Static<typeof StatusMention>;

/** https://docs.joinmastodon.org/entities/Status/#Tag */
export const StatusTag = Entity({ name: Type.String(), url: Type.String() });
export type StatusTag = Static<typeof StatusTag>;

/** A status's fields up to its quote, in the order Sync writes them. */
const statusFields = {
  id: Type.String(),
  created_at: Type.String(),
  in_reply_to_id: Nullable(Type.String()),
  in_reply_to_account_id: Nullable(Type.String()),
  sensitive: Type.Boolean(),
  spoiler_text: Type.String(),
  visibility: Type.Literal('public'),
  language: Nullable(Type.String()),
  uri: Type.String(),
  url: Type.String(),
  replies_count: Type.Integer(),
  reblogs_count: Type.Integer(),
  favourites_count: Type.Integer(),
  quotes_count: Type.Integer(),
  edited_at: Nullable(Type.String()),
  content: Type.String(),
  /** On a reblog (a repost, docs/decisions/092): the status reblogged; null on any other. */
  reblog: Type.Ref('StatusOrNull'),
  account: Account,
  media_attachments: Type.Array(MediaAttachment),
  mentions: Type.Array(StatusMention),
  tags: Type.Array(StatusTag),
  emojis: AlwaysEmpty,
  card: Type.Null(),
  poll: Type.Null(),
};

const quoteFields = {
  quote: Type.Ref('QuoteOrNull'),
  quote_approval: QuoteApproval,
};

/** What a signed-in viewer did to a status: all of these for them, none for anyone else. */
const viewerFields = {
  /** The viewer's `warn` filters that matched it (their `hide` filters leave it out). */
  filtered: Type.Array(FilterResult),
  favourited: Type.Boolean(),
  reblogged: Type.Boolean(),
  muted: Type.Boolean(),
  bookmarked: Type.Boolean(),
  pinned: Type.Boolean(),
};

/**
 * A status holds statuses: the one it reblogs, and the one a quote shows. The two are declared together
 * as a cyclic schema, whose `$defs` name each other by `$ref`. A quote's status writes the viewer's
 * fields before its own quote, where a status writes them after (the views build them so, and the
 * goldens hold those bytes); fast-json-stringify writes a schema's required fields before its optional
 * ones, so the quoted status is one of two entities, for a signed-in viewer (their fields required, in
 * their place; told by `favourited`) or not (none), and an answer serialised from these schemas keeps
 * its bytes.
 */
const statusDefinitions = {
  Status: Entity({
    ...statusFields,
    ...quoteFields,
    ...Type.Partial(Type.Object(viewerFields)).properties,
    /** Only in the answer to a delete: the source, so an app can redraft it. */
    text: Type.Optional(Type.String()),
  }),
  QuotedStatus: Either(
    { favourited: Type.Boolean() },
    Entity({ ...statusFields, ...viewerFields, ...quoteFields }),
    Entity({ ...statusFields, ...quoteFields }),
  ),
  /** https://docs.joinmastodon.org/entities/Quote/ — a quote whose quoted status is shown (one level deep). */
  Quote: Entity({ state: QuoteStateName, quoted_status: Type.Ref('QuotedStatusOrNull') }),
  /**
   * The nullable fields that hold a status or a quote are definitions of their own, named by `$ref`:
   * fast-json-stringify merges a schema's `if`/`then`/`else` branches into copies as it compiles them,
   * and a branch whose copy holds the cycle again (`reblog` inside a reblogged status) is copied on
   * without end; named, the cycle passes through the one definition and is compiled once.
   */
  StatusOrNull: Nullable(Type.Ref('Status')),
  QuotedStatusOrNull: Nullable(Type.Ref('QuotedStatus')),
  /** A Quote (told by its `quoted_status`), or inside a quoted status a ShallowQuote; null if none. */
  QuoteOrNull: Nullable(Either({ quoted_status: Type.Unknown() }, Type.Ref('Quote'), ShallowQuote)),
};

/** https://docs.joinmastodon.org/entities/Status/ */
export const Status = Type.Cyclic(statusDefinitions, 'Status');
export type Status = Static<typeof Status>;

export const Quote = Type.Cyclic(statusDefinitions, 'Quote');
export type Quote = Static<typeof Quote>;

/** https://docs.joinmastodon.org/entities/Context/ */
export const Context = Entity({ ancestors: Type.Array(Status), descendants: Type.Array(Status) });
export type Context = Static<typeof Context>;

/** https://docs.joinmastodon.org/entities/StatusEdit/ — one version of an edited status. */
export const StatusEdit = Entity({
  content: Type.String(),
  spoiler_text: Type.String(),
  sensitive: Type.Boolean(),
  created_at: Type.String(),
  account: Account,
  poll: Type.Null(),
  media_attachments: Type.Array(MediaAttachment),
  emojis: AlwaysEmpty,
});
export type StatusEdit = Static<typeof StatusEdit>;

/** https://docs.joinmastodon.org/entities/StatusSource/ — a status as written, for an app's editor. */
export const StatusSource = Entity({ id: Type.String(), text: Type.String(), spoiler_text: Type.String() });
export type StatusSource = Static<typeof StatusSource>;
