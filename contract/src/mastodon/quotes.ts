import { Type, type Static } from 'typebox';
import { Entity, Nullable, OneOf } from './entity.js';

/**
 * Mastodon 4.5's quote posts (https://docs.joinmastodon.org/entities/Quote/, ShallowQuote,
 * QuoteApproval): the policy an app sets, a quote's state as Mastodon names them, and who may quote.
 * The Quote itself, which holds a Status, is in statuses.ts.
 */
export const QuoteApprovalPolicy = OneOf(['public', 'followers', 'nobody']);
export type QuoteApprovalPolicy = Static<typeof QuoteApprovalPolicy>;

export const QuoteStateName = OneOf(['accepted', 'revoked', 'deleted', 'unauthorized']);
export type QuoteStateName = Static<typeof QuoteStateName>;

/** A quote inside a quoted status: only the id of what it quotes. */
export const ShallowQuote = Entity({ state: QuoteStateName, quoted_status_id: Nullable(Type.String()) });
export type ShallowQuote = Static<typeof ShallowQuote>;

export const QuoteApproval = Entity({
  automatic: Type.Array(OneOf(['public', 'followers'])),
  manual: Type.Array(Type.Never()),
  current_user: OneOf(['automatic', 'denied', 'unknown']),
});
export type QuoteApproval = Static<typeof QuoteApproval>;
