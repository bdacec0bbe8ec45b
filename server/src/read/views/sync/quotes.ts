import type { Quote, QuotedPost, QuotePolicy } from '@sync/contract';
import type { HydratedPage, HydratedPost } from '../../hydration/hydrator.js';
import { mediaFields } from './media.js';
import { editedAtField } from './edited.js';

/**
 * A post's quote as Sync's API shows it (docs/decisions/092). The quoting post's shared text never
 * holds it: the quote is composed per answer from the quoted post's own hydration (the post cache) and
 * the viewer's rules (hydration/quotes.ts), so an edit, a deletion, a detach or a block shows at once.
 */

type QuoteContext = Pick<HydratedPage, 'quotes' | 'users'>;

/** The additive `quotePolicy` of a post: absent when anyone may quote it, the default. */
export const quotePolicyField = (record: { quote_policy: QuotePolicy }): { quotePolicy?: QuotePolicy } =>
  record.quote_policy === 'anyone' ? {} : { quotePolicy: record.quote_policy };

/** The quoted post, one level deep: a quote it holds itself is only named (`quotesPostId`). */
function quotedPostView(post: HydratedPost, page: QuoteContext): QuotedPost | undefined {
  const author = page.users.get(post.record.author_id);
  if (!author) return undefined;
  const { record } = post;
  return {
    _id: record.id,
    content: record.content,
    username: author.username,
    firstName: author.first_name,
    lastName: author.last_name,
    avatarURL: author.avatar_url,
    createdAt: record.created_at,
    ...mediaFields(post.media, record.sensitive === 1),
    ...editedAtField(record),
    ...(record.quote_state !== null &&
      record.quoted_post_id !== null && { quotesPostId: record.quoted_post_id }),
  };
}

/** The additive `quote` of a post that quotes another, for this viewer; absent on any other post. */
export function quoteField(post: HydratedPost, page: QuoteContext): { quote?: Quote } {
  const shown = page.quotes.get(post.record.id);
  if (!shown) return {};
  if (shown.state !== 'accepted') return { quote: { state: shown.state } };
  const quoted = quotedPostView(shown.post, page);
  // Its author's account is gone (deleted meanwhile): as a deleted post.
  return { quote: quoted ? { state: 'accepted', post: quoted } : { state: 'deleted' } };
}

/** The same as JSON text to splice into a post's kept text (`,"quote":{…}`), or '' on a post that quotes nothing. */
export function quoteText(post: HydratedPost, page: QuoteContext): string {
  const { quote } = quoteField(post, page);
  return quote === undefined ? '' : `,"quote":${JSON.stringify(quote)}`;
}
