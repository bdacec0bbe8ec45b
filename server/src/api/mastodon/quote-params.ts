import type { QuotePolicy } from '../../data/schema.js';
import { HttpError } from '../../platform/http/errors.js';
import { isApprovalPolicy, policyOfApproval } from '../../read/views/mastodon/quotes.js';

/** A Mastodon app's `quote_approval_policy` (or `source[quote_policy]`) that is none of Mastodon's three. */
export const unknownPolicy = () =>
  new HttpError(422, 'Validation failed: quote_approval_policy must be one of public, followers, nobody.');

/**
 * Mastodon 4.5's `quote_approval_policy` (or `source[quote_policy]`) as Sync's policy
 * (read/views/mastodon/quotes.ts holds the mapping); undefined when not given, 422 when it is none of
 * Mastodon's values.
 */
export function quotePolicyOf(value: string | undefined): QuotePolicy | undefined {
  if (value === undefined) return undefined;
  if (!isApprovalPolicy(value)) throw unknownPolicy();
  return policyOfApproval[value];
}
