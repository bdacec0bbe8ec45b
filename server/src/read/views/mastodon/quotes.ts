import type { QuotePolicy } from '../../../data/schema.js';
import type { HydratedPost, HydratedStatuses } from '../../hydration/hydrator.js';
import type {
  QuoteApproval,
  QuoteApprovalPolicy,
  QuoteStateName,
  ShallowQuote,
  Status,
} from '@sync/contract/mastodon';

/**
 * Sync's quotes as Mastodon 4.5's (docs/decisions/092). Who may quote:
 *
 * | Sync `quote_policy` | `quote_approval_policy` (create, interaction_policy, source) | `quote_approval.automatic` |
 * | ------------------- | ------------------------------------------------------------ | -------------------------- |
 * | `anyone`            | `public`                                                     | `["public"]`               |
 * | `followers`         | `followers`                                                  | `["followers"]`            |
 * | `following`         | none: an app cannot set it; shown as `nobody` in `source`    | `[]`                       |
 * | `nobody`            | `nobody`                                                     | `[]`                       |
 *
 * `manual` is always `[]` (Sync asks nobody to approve: the policy decides at once), and
 * `current_user` says what the policy makes of the viewer: `automatic` (they may quote: their own post,
 * or the policy lets them, as for `following` when the author follows them), `denied`, or `unknown`
 * signed out. A quote's state: Sync's `accepted`, `revoked` and `deleted` by the same names; `hidden`
 * (the viewer does not see the quoted author) is Mastodon's `unauthorized`.
 */

export const policyOfApproval: Record<QuoteApprovalPolicy, QuotePolicy> = {
  public: 'anyone',
  followers: 'followers',
  nobody: 'nobody',
};

export const isApprovalPolicy = (value: string): value is QuoteApprovalPolicy => value in policyOfApproval;

/** The Mastodon policy closest to Sync's: `following` is narrower than any but `nobody`. */
export const approvalPolicyOf = (policy: QuotePolicy): QuoteApprovalPolicy =>
  policy === 'anyone' ? 'public' : policy === 'followers' ? 'followers' : 'nobody';

export function quoteApprovalOf(post: HydratedPost, hydrated: HydratedStatuses): QuoteApproval {
  const policy = post.record.quote_policy;
  const automatic: QuoteApproval['automatic'] =
    policy === 'anyone' ? ['public'] : policy === 'followers' ? ['followers'] : [];
  const { quotable } = hydrated;
  const currentUser =
    quotable === undefined ? 'unknown' : quotable.has(post.record.id) ? 'automatic' : 'denied';
  return { automatic, manual: [], current_user: currentUser };
}

/** A quote inside a quoted status (one level deep): only what it quotes, by id. */
function shallowQuoteOf(post: HydratedPost): ShallowQuote | null {
  const { quote_state: state, quoted_post_id: quotedId } = post.record;
  if (state === null) return null;
  const named: QuoteStateName = state === 'revoked' ? 'revoked' : quotedId === null ? 'deleted' : 'accepted';
  return { state: named, quoted_status_id: state === 'accepted' ? quotedId : null };
}

/**
 * A post's `quote` and `quote_approval` for the viewer the statuses were hydrated for; `render` makes the
 * quoted status (its own quote then shallow). Never in the text kept per status: spliced in per answer.
 */
export function quoteFields(
  post: HydratedPost,
  hydrated: HydratedStatuses,
  render: (quoted: HydratedPost) => Omit<Status, 'quote' | 'quote_approval'> | undefined,
): Pick<Status, 'quote' | 'quote_approval'> {
  const quoteApproval = quoteApprovalOf(post, hydrated);
  const shown = hydrated.quotes.get(post.record.id);
  if (!shown) return { quote: null, quote_approval: quoteApproval };
  if (shown.state !== 'accepted') {
    const state = shown.state === 'hidden' ? 'unauthorized' : shown.state;
    return { quote: { state, quoted_status: null }, quote_approval: quoteApproval };
  }
  const quoted = render(shown.post);
  const quotedStatus: Status | undefined = quoted && {
    ...quoted,
    quote: shallowQuoteOf(shown.post),
    quote_approval: quoteApprovalOf(shown.post, hydrated),
  };
  return {
    quote: quotedStatus
      ? { state: 'accepted', quoted_status: quotedStatus }
      : { state: 'deleted', quoted_status: null },
    quote_approval: quoteApproval,
  };
}
