import { lockRowsInOrder } from '../../data/row-locks.js';
import { deleteBookmarksOf } from '../../data/bookmarks.repo.js';
import {
  commentCountsOf,
  deleteCommentVotesOf,
  deleteCommentsOf,
  postIdsCommentedBy,
  postIdsOfCommentsVotedBy,
} from '../../data/comments.repo.js';
import { deleteFollowsOf, followCounterparts, relationMembersQuery } from '../../data/follows.repo.js';
import { deleteNotificationsOf } from '../../data/notifications.repo.js';
import {
  deletePostsOf,
  deleteReactionsOf,
  postIdsQuotedBy,
  postIdsTouchedBy,
  takeOffCommentCounts,
  takeOffQuoteCountsOf,
  takeOffRepostCounts,
} from '../../data/posts.repo.js';
import { deleteRepostsOf, repostedPostIdsOf } from '../../data/reposts.repo.js';
import { deleteAccountRow, takeOffFollowCounts } from '../../data/accounts.repo.js';
import { findUserById, type UserRow } from '../../data/users.repo.js';
import type { Deps } from './deps.js';
import { commit, type Effects } from './commit.js';
import { removeMediaOfOwner } from '../../data/media.repo.js';
import { sweepMediaNow } from './media-sweep.js';

/** What a deletion checks and writes besides, inside its transaction, once it holds the user's row. */
export interface DeletionTerms {
  /** The user as they are now, with their row held: false leaves everything as it is. */
  when?: (user: UserRow) => boolean;
  /**
   * Written in the same transaction, before the user's row goes (an audit entry), declaring what
   * follows once it has committed.
   */
  alongside?: (trx: Deps['db'], user: UserRow, effects: Effects) => Promise<void>;
}

/**
 * Deletes a user and everything of theirs in one transaction, keeping every other row's counts exact:
 * their posts (with what hangs under them; their accepted quotes off the quoted posts' counts), their comments, reactions, reposts, comment votes and bookmarks,
 * their follows in both directions, their notifications and their part in everyone else's, their
 * uploads (whose files are deleted once it has committed), then the user row (their blocks, mutes, filters, reports about them and moderation history go with it, by
 * cascade), and their sessions ended. The user as they were, or undefined when they were gone already
 * or `when` said no.
 *
 * Lock order, the one every writer follows: post rows, then user rows, each in id order. Holding the
 * posts it changes first means a like or comment racing the deletion waits at its own post lock
 * (then answers 404) instead of deadlocking. Then the user rows whose counts change, and the user's
 * own row exclusively (PostgreSQL `FOR UPDATE`): from there no new row naming the user (their like
 * in another tab, a new follower) can commit until the user is gone. Rows committed between reading
 * the sets and taking the user's row are picked up by reading the sets again. What remains is the
 * user acting on a new post at that very moment; PostgreSQL then breaks the deadlock by failing one
 * of the two, and nothing is half done.
 */
export async function deleteUserAndEverythingOf(
  deps: Deps,
  userId: string,
  terms: DeletionTerms = {},
): Promise<UserRow | undefined> {
  const deleted = await deleteInOneTransaction(deps, userId, terms);
  if (deleted) await sweepMediaNow(deps);
  return deleted;
}

async function deleteInOneTransaction(
  deps: Deps,
  userId: string,
  terms: DeletionTerms,
): Promise<UserRow | undefined> {
  const { dialect } = deps;
  return commit(deps, async (trx, effects) => {
    const changedPosts = async () => [
      ...(await postIdsTouchedBy(trx, userId)),
      ...(await postIdsCommentedBy(trx, userId)),
      ...(await postIdsOfCommentsVotedBy(trx, userId)),
      ...(await repostedPostIdsOf(trx, userId)),
      ...(await postIdsQuotedBy(trx, userId)),
    ];
    const lockAffectedRows = async () => {
      await lockRowsInOrder(trx, dialect, 'posts', changedPosts);
      await lockRowsInOrder(trx, dialect, 'accounts', async () => [
        userId,
        ...(await followCounterparts(trx, userId)),
      ]);
    };
    await lockAffectedRows();
    await lockRowsInOrder(trx, dialect, 'accounts', async () => [userId], { exclusive: true });
    const user = await findUserById(trx, userId);
    if (!user || (terms.when && !terms.when(user))) return undefined;
    await lockAffectedRows();

    // The posts whose counts or lists change: their versions move, so no cache shows the user again.
    const touched = [...new Set(await changedPosts())];
    const reposted = await repostedPostIdsOf(trx, userId);
    // Their uploads (attached, waiting, avatar and header) go with them: the files right after.
    await removeMediaOfOwner(trx, userId, deps.clock.now().toISOString());
    await takeOffQuoteCountsOf(trx, userId);
    await deletePostsOf(trx, userId);
    await deleteReactionsOf(trx, userId);
    await takeOffRepostCounts(trx, reposted);
    await deleteRepostsOf(trx, userId);
    await takeOffCommentCounts(trx, commentCountsOf(trx, userId));
    await deleteCommentsOf(trx, userId);
    await deleteCommentVotesOf(trx, userId);
    await deleteBookmarksOf(trx, userId);
    await takeOffFollowCounts(trx, {
      followers: relationMembersQuery(trx, userId, 'followers'),
      following: relationMembersQuery(trx, userId, 'following'),
    });
    await deleteFollowsOf(trx, userId);
    await deleteNotificationsOf(trx, userId);
    // Every token of theirs stops working in every process: a deleted person has no session.
    effects.publish({ type: 'sessions-ended', userId });
    await terms.alongside?.(trx, user, effects);
    // Its login goes with it (users.account_id cascades).
    await deleteAccountRow(trx, userId);
    // Its own summary needs no version moved: a deleted account has none, which no kept one matches.
    await effects.postsChanged(touched);
    return user;
  });
}
