import type { Deps } from './deps.js';
import { commit } from './commit.js';
import type { QuotePolicy } from '../../data/schema.js';
import * as follows from '../../data/follows.repo.js';
import * as posts from '../../data/posts.repo.js';
import * as users from '../../data/users.repo.js';
import { NotAllowed, NotFound } from './domain-errors.js';
import { refuseAcrossBlock } from './blocks-between.js';

/**
 * Quote posts with the quoted author's consent (docs/decisions/092): the checks a new quote makes in
 * its own transaction, against the database (not the kept rules), so a follow, a block or a policy
 * that changed a moment ago counts. Both APIs create quotes through `writePost`.
 */

/** The quoted post a new quote names, as visible to the quoter: unknown and suspended authors alike NotFound. */
export async function requireQuotable(deps: Deps, quoterId: string, quotedId: string) {
  const quoted = await posts.findPost(deps.db, quotedId);
  if (!quoted || (await deps.hydrator.rules(quoterId)).moderated.suspended.has(quoted.author_id))
    throw new NotFound({ thing: 'post', id: quotedId });
  return quoted;
}

/**
 * In the quote's transaction: the quoted post is held (a deletion racing the quote waits, then the quote
 * finds nothing: NotFound), no block stands between the two people either way, and its policy lets
 * the quoter quote it (NotAllowed naming who may). The author may always quote their own post.
 */
export async function consentToQuote(
  deps: Deps,
  trx: Deps['db'],
  input: { quoterId: string; quotedId: string },
): Promise<posts.PostRecord> {
  const quoted = await posts.lockAndReadPost(trx, deps.dialect, input.quotedId);
  if (!quoted) throw new NotFound({ thing: 'post', id: input.quotedId });
  const authorId = quoted.author_id;
  if (authorId === input.quoterId) return quoted;
  await refuseAcrossBlock(trx, { actorId: input.quoterId, otherIds: [authorId], act: { on: 'quote' } });
  const policy = quoted.quote_policy;
  if (policy === 'anyone') return quoted;
  if (policy !== 'nobody') {
    // followers: the quoter is among the author's followers; following: among the people they follow.
    const among = await follows.relationMembersAmong(trx, deps.dialect, authorId, policy, [input.quoterId]);
    if (among.length > 0) return quoted;
  }
  const author = await users.findUserById(trx, authorId);
  throw new NotAllowed(refusalOf(policy, author?.first_name || `@${author?.username ?? authorId}`));
}

/** What a refused quoter reads: who may quote the post, so they know what would change the answer. */
function refusalOf(policy: Exclude<QuotePolicy, 'anyone'>, name: string): string {
  if (policy === 'followers') return `Only ${name}'s followers can quote this post. Follow them first.`;
  if (policy === 'following') return `Only people ${name} follows can quote this post.`;
  return `${name} does not allow quotes of this post.`;
}

/** The viewer's own post, for a change only its author may make: unknown NotFound, someone else's NotAllowed `refusal`. */
async function requireOwnPost(
  deps: Deps,
  input: { viewerId: string; postId: string },
  refusal: string,
): Promise<posts.PostRecord> {
  const post = await posts.findPost(deps.db, input.postId);
  if (!post) throw new NotFound({ thing: 'post', id: input.postId });
  if (post.author_id !== input.viewerId) throw new NotAllowed(refusal);
  return post;
}

/**
 * The quoted author detaches a quote of their post: it shows "Removed by the author" from then on,
 * everywhere (the quoting post's version moves). Idempotent; only the quoted post's author may (NotAllowed);
 * an unknown post, or a post that does not quote it, NotFound.
 */
export async function unquote(
  deps: Deps,
  input: { viewerId: string; postId: string; quotingPostId: string },
): Promise<posts.PostRecord> {
  await requireOwnPost(deps, input, 'Only the author of a post can detach quotes of it.');
  const quoting = await commit(deps, async (trx, effects) => {
    const detached = await posts.detachQuote(trx, deps.dialect, input.postId, input.quotingPostId);
    if (detached) effects.publish({ type: 'post-edited', postId: detached.id, authorId: detached.author_id });
    return detached;
  });
  if (!quoting) throw new NotFound({ thing: 'post', id: input.quotingPostId });
  return quoting;
}

/** The author changes who may quote their post (a Mastodon app's interaction policy); the post after. */
export async function changeQuotePolicy(
  deps: Deps,
  input: { viewerId: string; postId: string; policy: QuotePolicy },
): Promise<posts.PostRecord> {
  const post = await requireOwnPost(deps, input, 'Only the author of a post can change who may quote it.');
  const record = await commit(deps, (trx) =>
    posts.takeForChange(trx, post.id, { quotePolicy: input.policy }),
  );
  if (!record) throw new NotFound({ thing: 'post', id: input.postId });
  return record;
}
