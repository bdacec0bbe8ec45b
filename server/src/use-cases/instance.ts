import * as comments from '../data/comments.repo.js';
import * as posts from '../data/posts.repo.js';
import * as users from '../data/users.repo.js';
import type { AccountRecord } from '../read/hydration/hydrator.js';
import type { Deps } from './shared/deps.js';

/**
 * What the server tells apps and other servers about itself: the Mastodon API's Instance, NodeInfo and
 * WebFinger (docs/decisions/070). Each answer asks only for what it shows; every count is one
 * statement.
 */

export interface Statistics {
  users: number;
  posts: number;
  comments: number;
}

export async function statistics(deps: Deps): Promise<Statistics> {
  const [userCount, postCount, commentCount] = await Promise.all([
    users.userCount(deps.db),
    posts.postCount(deps.db),
    comments.commentCount(deps.db),
  ]);
  return { users: userCount, posts: postCount, comments: commentCount };
}

const activeWindowMs = 30 * 24 * 60 * 60 * 1000;

/**
 * People active in the last 30 days, as Mastodon's `active_month` and NodeInfo's `activeMonth`. Sync
 * keeps no record of sign-ins (which Mastodon counts), so these are the people who wrote a post.
 */
export function activeThisMonth(deps: Deps): Promise<number> {
  const since = new Date(deps.clock.now().getTime() - activeWindowMs).toISOString();
  return posts.authorCountSince(deps.db, since);
}

/** Whom to contact about the server: the first account created, the person who set it up. */
export async function contactAccount(deps: Deps): Promise<AccountRecord | undefined> {
  const [first] = await users.userPage(deps.db, undefined, 1);
  if (!first) return undefined;
  return (await deps.hydrator.accounts([first.id])).get(first.id);
}

/** The account with this username (any case), for WebFinger. */
export const accountNamed = (deps: Deps, username: string): Promise<users.UserRow | undefined> =>
  users.findUserByUsername(deps.db, username);
