import type { Db, Dialect } from '../../data/database.js';
import * as follows from '../../data/follows.repo.js';
import type { HydratedPost } from './posts.js';
import type { ViewerRules } from '../rules/viewer-rules.js';

/**
 * What a quote shows one viewer (docs/decisions/092). The quoted post is hydrated beside the page, from
 * the post cache, never baked into the quoting post's cached copy: an edit or a deletion of the quoted
 * post shows in every quote of it at once, and the quoting post's text stays one per version.
 * - `accepted`: the quoted post as the viewer sees it;
 * - `revoked`: its author detached it;
 * - `deleted`: it was deleted (the foreign key set null), or its author is suspended or gone;
 * - `hidden`: the viewer does not see its author (a block either way, a mute).
 */
export type ShownQuote =
  | { state: 'accepted'; post: HydratedPost }
  | { state: 'revoked' }
  | { state: 'deleted' }
  | { state: 'hidden' };

/** The quotes of a page's posts, by the quoting post's id (posts that quote nothing are not in it). */
export type ShownQuotes = ReadonlyMap<string, ShownQuote>;

export const noQuotes: ShownQuotes = new Map();

/** The posts these posts quote and show (`accepted`), to hydrate with them: one level deep. */
export function quotedIdsOf(posts: readonly HydratedPost[]): string[] {
  const ids = posts.flatMap(({ record }) =>
    record.quote_state === 'accepted' && record.quoted_post_id !== null ? [record.quoted_post_id] : [],
  );
  return [...new Set(ids)];
}

/** The quoted posts shown (`accepted`), whose authors and marks an answer reads with its own. */
export const acceptedQuotes = (quotes: ShownQuotes): HydratedPost[] =>
  [...quotes.values()].flatMap((quote) => (quote.state === 'accepted' ? [quote.post] : []));

/**
 * Each quoting post's quote as this viewer sees it: `quoted` holds the hydrated quoted posts (one
 * missing was deleted since the page was read).
 */
export function shownQuotes(
  rules: ViewerRules,
  posts: readonly HydratedPost[],
  quoted: ReadonlyMap<string, HydratedPost>,
): ShownQuotes {
  const shown = new Map<string, ShownQuote>();
  for (const { record } of posts) {
    if (record.quote_state === null) continue;
    shown.set(record.id, quoteOf(rules, record, quoted));
  }
  return shown;
}

function quoteOf(
  rules: ViewerRules,
  record: HydratedPost['record'],
  quoted: ReadonlyMap<string, HydratedPost>,
): ShownQuote {
  if (record.quote_state === 'revoked') return { state: 'revoked' };
  const post = record.quoted_post_id === null ? undefined : quoted.get(record.quoted_post_id);
  if (!post || rules.moderated.suspended.has(post.record.author_id)) return { state: 'deleted' };
  // Wherever the quote is read (a profile, a notification too): the quoting post is someone else's
  // choice to show, and the viewer chose not to see this author.
  const author = post.record.author_id;
  if (author !== rules.viewerId && (rules.blockedWith(author) || rules.settings.mutes.has(author)))
    return { state: 'hidden' };
  return { state: 'accepted', post };
}

/**
 * The posts among these the viewer may quote now, as a Mastodon status's `quote_approval.current_user`
 * says (undefined: signed out, "unknown"): their own; anyone's not in a block with them whose policy
 * lets them, the follows read in at most two queries, only when a policy asks for them.
 */
export async function quotableBy(
  db: Db,
  dialect: Dialect,
  rules: ViewerRules,
  posts: readonly HydratedPost[],
): Promise<ReadonlySet<string> | undefined> {
  const viewerId = rules.viewerId;
  if (viewerId === undefined) return undefined;
  const authorsWith = (policy: 'followers' | 'following') => [
    ...new Set(
      posts.flatMap(({ record }) =>
        record.quote_policy === policy && record.author_id !== viewerId ? [record.author_id] : [],
      ),
    ),
  ];
  const [asFollowers, asFollowing] = [authorsWith('followers'), authorsWith('following')];
  // followers: the viewer follows the author; following: the author follows the viewer.
  const [followed, following] = await Promise.all([
    asFollowers.length === 0
      ? []
      : follows.relationMembersAmong(db, dialect, viewerId, 'following', asFollowers),
    asFollowing.length === 0
      ? []
      : follows.relationMembersAmong(db, dialect, viewerId, 'followers', asFollowing),
  ]);
  const allowed = { followers: new Set(followed), following: new Set(following) };
  const quotable = new Set<string>();
  for (const { record } of posts) {
    const author = record.author_id;
    const policy = record.quote_policy;
    const may =
      author === viewerId ||
      (!rules.blockedWith(author) &&
        (policy === 'anyone' || (policy !== 'nobody' && allowed[policy].has(author))));
    if (may) quotable.add(record.id);
  }
  return quotable;
}
