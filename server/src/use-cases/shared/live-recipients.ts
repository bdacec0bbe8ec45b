import * as follows from '../../data/follows.repo.js';
import type { Deps } from './deps.js';

/**
 * Who of the users connected to this process gets an author's new post in their feed: the author, and
 * those who follow the author. One query, bounded by the users connected here, not by the author's
 * followers.
 */
export async function authorAndFollowersAmong(
  deps: Deps,
  authorId: string,
  connectedUserIds: readonly string[],
): Promise<string[]> {
  const others = connectedUserIds.filter((id) => id !== authorId);
  const followers =
    others.length > 0
      ? await follows.relationMembersAmong(deps.db, deps.dialect, authorId, 'followers', others)
      : [];
  return connectedUserIds.includes(authorId) ? [authorId, ...followers] : followers;
}
