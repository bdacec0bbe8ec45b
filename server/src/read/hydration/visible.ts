import type { HydratedComment, HydratedPost } from './posts.js';
import type { StatusItem } from './statuses.js';
import type { ModeratedSets, ReadContext, ViewerRules, ViewerSettings } from '../rules/viewer-rules.js';

/**
 * The rules applied to hydrated posts, comments and statuses: a post or comment by someone the viewer
 * does not see is left out, one a `hide` filter matches too, and one a `warn` filter matches is marked
 * (`filtered`). The hydrated objects are shared by every viewer (the post cache): a post the rules
 * change becomes a new object for this viewer alone, so what the views keep per hydrated post (its
 * JSON text) is never another viewer's.
 */

/** Where a comment is read from the place its post is read: a post's comments are a thread. */
const commentContext = (context: ReadContext): ReadContext =>
  context === 'notifications' || context === 'post' ? context : 'thread';

/**
 * What the viewer's rules make of one text by one author: left out (undefined), shown as it is (the
 * object itself), or shown marked with the `warn` filters it matched (a copy).
 */
function ruled<Item extends object>(
  rules: ViewerRules,
  item: Item,
  author: string,
  text: string,
  context: ReadContext,
): Item | undefined {
  if (!rules.shows(author, context)) return undefined;
  const matches = author === rules.viewerId ? [] : rules.filterMatches(text, context);
  if (matches.length === 0) return item;
  // A post or comment opened by itself (a link, a notification) is marked, even by a hide filter, as
  // Mastodon marks it: the person asked for it, and a 404 would say it is gone.
  if (context !== 'post' && matches.some((match) => match.action === 'hide')) return undefined;
  return { ...item, filtered: matches };
}

/**
 * Whether the viewer sees a post (by its record alone: what a list keeps before it hydrates), read
 * where `context` says: as `visiblePosts` decides (a post a `warn` filter matches is seen, marked).
 */
export function seesPost(
  rules: ViewerRules,
  post: { author_id: string; content: string },
  context: ReadContext,
): boolean {
  return ruled(rules, post, post.author_id, post.content, context) !== undefined;
}

/**
 * Whether the viewer sees a comment (by its record alone: what a page keeps of its skeleton before it
 * hydrates), on a post by `postAuthorId`, read where `context` says: as `visibleStatuses` decides (a
 * comment a `warn` filter matches is seen, marked when hydrated).
 */
export function seesComment(
  rules: ViewerRules,
  comment: { author_id: string; text: string },
  postAuthorId: string,
  context: ReadContext,
): boolean {
  if (!rules.seesAccount(postAuthorId)) return false;
  return ruled(rules, comment, comment.author_id, comment.text, commentContext(context)) !== undefined;
}

export function visibleComments(
  rules: ViewerRules,
  comments: readonly HydratedComment[],
  context: ReadContext,
): HydratedComment[] {
  const inContext = commentContext(context);
  return comments.flatMap(
    (comment) => ruled(rules, comment, comment.record.author_id, comment.record.text, inContext) ?? [],
  );
}

/** The people of a list the viewer sees (the same array when they see everyone on it). */
function seenPeople(rules: ViewerRules, ids: string[]): string[] {
  const seen = ids.filter((id) => rules.seesAccount(id));
  return seen.length === ids.length ? ids : seen;
}

/** A comment with only the voters the viewer sees (the same object when they see them all). */
function withVotersSeen(rules: ViewerRules, comment: HydratedComment): HydratedComment {
  const upvoters = seenPeople(rules, comment.upvoters);
  const downvoters = seenPeople(rules, comment.downvoters);
  const unchanged = upvoters === comment.upvoters && downvoters === comment.downvoters;
  return unchanged ? comment : { ...comment, upvoters, downvoters };
}

/**
 * What the rules made of each shared post, for the rules they came from and where it was read (null:
 * left out). The rules cache hands out the same objects while it keeps a viewer's rules, so a viewer
 * whose rules change many posts (their first likers, commenters, a filter's mark) gets the same copy
 * for every answer, and the views' text kept per hydrated post (views/sync/posts.ts) is made once for
 * it, not on every answer. Everything here goes with the rules or the post it was made for.
 */
const keptCopies = new WeakMap<
  ModeratedSets,
  WeakMap<ViewerSettings, WeakMap<HydratedPost, Map<ReadContext, HydratedPost | null>>>
>();

function copiesFor(rules: ViewerRules, post: HydratedPost): Map<ReadContext, HydratedPost | null> {
  let bySettings = keptCopies.get(rules.moderated);
  if (!bySettings) keptCopies.set(rules.moderated, (bySettings = new WeakMap()));
  let byPost = bySettings.get(rules.settings);
  if (!byPost) bySettings.set(rules.settings, (byPost = new WeakMap()));
  let byContext = byPost.get(post);
  if (!byContext) byPost.set(post, (byContext = new Map()));
  return byContext;
}

/**
 * The posts the viewer sees, each with only the comments the viewer sees. A post's comments are its
 * thread also when the post is the one asked for (its page): a muted person's answers are left out
 * there as in `GET /comments/:postId` and a Mastodon context. The people a post shows beside it (its
 * first likers and dislikers, its comments' first voters) leave out anyone the viewer does not see (a
 * block either way, a suspension); its counts stay as stored.
 */
export function visiblePosts(
  rules: ViewerRules,
  posts: readonly HydratedPost[],
  context: ReadContext,
): HydratedPost[] {
  if (rules.hidesNothing) return [...posts];
  return posts.flatMap((post) => {
    const copies = copiesFor(rules, post);
    let copy = copies.get(context);
    if (copy === undefined) copies.set(context, (copy = ruledPost(rules, post, context) ?? null));
    return copy ?? [];
  });
}

/** One post as the rules make it (undefined: left out). */
function ruledPost(rules: ViewerRules, post: HydratedPost, context: ReadContext): HydratedPost | undefined {
  const shown = ruled(rules, post, post.record.author_id, post.record.content, context);
  if (!shown) return undefined;
  const comments = visibleComments(rules, post.comments, context === 'post' ? 'thread' : context).map(
    (comment) => withVotersSeen(rules, comment),
  );
  const likers = seenPeople(rules, post.likers);
  const dislikers = seenPeople(rules, post.dislikers);
  const unchanged =
    likers === post.likers &&
    dislikers === post.dislikers &&
    comments.length === post.comments.length &&
    comments.every((c, i) => c === post.comments[i]);
  return unchanged ? shown : { ...shown, likers, dislikers, comments };
}

/** The statuses (posts and comments) the viewer sees. */
export function visibleStatuses(rules: ViewerRules, items: readonly StatusItem[], context: ReadContext) {
  if (rules.hidesNothing) return [...items];
  return items.flatMap((item): StatusItem[] => {
    if (item.kind === 'post') {
      const [post] = visiblePosts(rules, [item.post], context);
      return post ? [{ kind: 'post', post }] : [];
    }
    // A comment shows only where its post's author is seen too.
    if (!rules.seesAccount(item.post.author_id)) return [];
    const [comment] = visibleComments(rules, [item.comment], context);
    return comment ? [{ ...item, comment }] : [];
  });
}
