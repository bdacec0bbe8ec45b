import type { InstanceConfig } from '../../config.js';
import * as comments from '../../data/comments.repo.js';
import * as posts from '../../data/posts.repo.js';
import * as users from '../../data/users.repo.js';
import type { AccountRecord } from '../../read/hydration/hydrator.js';
import type { Deps } from '../shared/deps.js';
import { instanceSettings } from '../shared/instance-settings.js';
import { staff, rules, mediaConfiguration } from '../shared/instance.js';

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

/** The account with this username (any case), for WebFinger; none while it waits for approval. */
export async function accountNamed(deps: Deps, username: string): Promise<users.UserRow | undefined> {
  const user = await users.findUserByUsername(deps.db, username);
  return user?.pending_since ? undefined : user;
}

/** Whom to contact about the server: its owner (the first, when several). */
async function contactAccount(deps: Deps): Promise<AccountRecord | undefined> {
  const { owner } = await staff(deps);
  if (!owner) return undefined;
  return (await deps.hydrator.accounts([owner.id])).get(owner.id);
}

/** What the Mastodon API's instance answers show beside the configuration. */
export async function mastodonFacts(deps: Deps, defaults: InstanceConfig) {
  const [settings, contact, rulesInForce] = await Promise.all([
    instanceSettings(deps.db, defaults),
    contactAccount(deps),
    rules(deps),
  ]);
  return { settings, contact, rules: rulesInForce, media: mediaConfiguration(deps) };
}
