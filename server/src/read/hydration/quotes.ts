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
  return hidesQuoted(rules, post.record.author_id) ? { state: 'hidden' } : { state: 'accepted', post };
}

/**
 * Whether the viewer does not see a quoted post of this author's, wherever the quote is read (a
 * profile, a notification too): the quoting post is someone else's choice to show, and the viewer
 * chose not to see this author (a block either way, a mute).
 */
const hidesQuoted = (rules: ViewerRules, author: string) =>
  author !== rules.viewerId && (rules.blockedWith(author) || rules.settings.mutes.has(author));

/**
 * Quotes hydrated for one viewer (a live event's, for nobody) as another viewer's rules make them:
 * the same map when they change nothing, which is the common case.
 */
export function quotesSeenBy(rules: ViewerRules, quotes: ShownQuotes): ShownQuotes {
  let changed: Map<string, ShownQuote> | undefined;
  for (const [id, quote] of quotes) {
    if (quote.state === 'accepted' && hidesQuoted(rules, quote.post.record.author_id))
      (changed ??= new Map(quotes)).set(id, { state: 'hidden' });
  }
  return changed ?? quotes;
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
  return new Set(
    posts.flatMap(({ record }) =>
      mayQuote(rules, record, (policy) => allowed[policy].has(record.author_id)) ? [record.id] : [],
    ),
  );
}

/** Whether the signed-in viewer may quote the post, `related` saying whether the follow its policy asks for stands. */
function mayQuote(
  rules: ViewerRules,
  record: HydratedPost['record'],
  related: (policy: 'followers' | 'following') => boolean,
): boolean {
  const { author_id: author, quote_policy: policy } = record;
  if (author === rules.viewerId) return true;
  if (rules.blockedWith(author) || policy === 'nobody') return false;
  return policy === 'anyone' || related(policy);
}

/**
 * `quotableBy` for many viewers of a few posts at once (a live event): per viewer (undefined: signed
 * out), the posts they may quote; a policy that asks for a follow reads it for every viewer in one query
 * per post.
 */
export async function quotableByViewers(
  db: Db,
  dialect: Dialect,
  viewers: readonly ViewerRules[],
  posts: readonly HydratedPost[],
): Promise<Map<string | undefined, ReadonlySet<string> | undefined>> {
  const viewerIds = viewers.flatMap((rules) => (rules.viewerId === undefined ? [] : [rules.viewerId]));
  // followers: the viewers among the author's followers; following: among the people they follow.
  const related = new Map(
    await Promise.all(
      posts.map(async ({ record }) => {
        const policy = record.quote_policy;
        const among =
          (policy === 'followers' || policy === 'following') && viewerIds.length > 0
            ? await follows.relationMembersAmong(db, dialect, record.author_id, policy, viewerIds)
            : [];
        return [record.id, new Set(among)] as const;
      }),
    ),
  );
  return new Map(
    viewers.map((rules) => {
      const { viewerId } = rules;
      if (viewerId === undefined) return [viewerId, undefined];
      const quotable = posts.flatMap(({ record }) =>
        mayQuote(rules, record, () => related.get(record.id)?.has(viewerId) ?? false) ? [record.id] : [],
      );
      return [viewerId, new Set(quotable)];
    }),
  );
}
