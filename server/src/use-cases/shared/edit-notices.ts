import type { Deps } from './deps.js';
import * as bookmarks from '../../data/bookmarks.repo.js';
import * as comments from '../../data/comments.repo.js';
import * as notifications from '../../data/notifications.repo.js';
import * as posts from '../../data/posts.repo.js';
import { reposterIdsOf } from '../../data/reposts.repo.js';

/**
 * Who hears of an edit (docs/decisions/092, "Edits notify"): the authors of the post's accepted quotes
 * get `quoted_update` about their own quoting post; everyone else who reposted, commented on,
 * bookmarked or liked it gets `update` about the post. One group per person and post, which each edit
 * renews (newest, unread again); never the author. Written in the edit's transaction; who does not see
 * the author (a block, a mute with notifications) does not see it, as for every notification (the
 * rules where notifications are read).
 *
 * At most `editNoticesAtMost` people per edit, a cap rather than batches over several transactions:
 * the edit holds the post's row, and on SQLite the one writer, until they are all written (a whole
 * edit telling 2,000 took 0.1 to 0.3 s on SQLite and 0.25 to 1 s on PostgreSQL in
 * edit-notifications.test.ts, on a loaded machine), so the 100,000 likers of a popular post would stall every write for
 * tens of seconds, and notices written after the edit's
 * transaction could be lost or outlive a deleted post. Those who did more than like it come first
 * (quoters, reposters, commenters, bookmarkers), then the newest likers: a like from long ago is the
 * weakest tie to a post, and the post shows "Edited" to everyone who opens it anyway.
 */
export const editNoticesAtMost = 2_000;

export async function noticesOfEdit(
  trx: Deps['db'],
  post: posts.PostRecord,
  at: string,
): Promise<notifications.NotifiedGroup[]> {
  const quotes = post.quote_count > 0 ? await posts.acceptedQuotesOf(trx, post.id, editNoticesAtMost) : [];
  // One per quoter: their newest quote (the list is newest first).
  const quoteOf = new Map<string, string>();
  for (const quote of quotes) if (!quoteOf.has(quote.author_id)) quoteOf.set(quote.author_id, quote.id);
  // The post's counts say which lists are empty: a quiet post's edit reads one (bookmarks have no
  // count), as the bench compares an edit with a create.
  const likers =
    post.like_count > 0
      ? await posts.reactorWindow(trx, post.id, 'like', { oldestFirst: false, limit: editNoticesAtMost })
      : [];
  const tied = [
    ...(post.repost_count > 0 ? await reposterIdsOf(trx, post.id, editNoticesAtMost) : []),
    ...(post.comment_count > 0 ? await comments.commenterIdsOf(trx, post.id, editNoticesAtMost) : []),
    ...(await bookmarks.bookmarkerIdsOf(trx, post.id, editNoticesAtMost)),
    ...likers.map((liker) => liker.user_id),
  ];
  const updated = [...new Set(tied)]
    .filter((id) => !quoteOf.has(id) && id !== post.author_id)
    .slice(0, Math.max(0, editNoticesAtMost - quoteOf.size));
  return [
    ...(await notifications.renewGroups(trx, {
      type: 'quoted_update',
      actorId: post.author_id,
      at,
      groups: [...quoteOf].map(([recipientId, quoteId]) => ({
        recipientId,
        groupKey: quoteId,
        postId: quoteId,
      })),
    })),
    ...(await notifications.renewGroups(trx, {
      type: 'update',
      actorId: post.author_id,
      at,
      groups: updated.map((recipientId) => ({ recipientId, groupKey: post.id, postId: post.id })),
    })),
  ];
}
