import type { AnswerCaps } from '../config.js';
import type { Db, Dialect } from '../db/database.js';
import { groupBy } from '../db/chunks.js';
import * as bookmarks from '../bookmarks/bookmarks.repo.js';
import * as follows from '../follows/follows.repo.js';
import * as users from '../users/users.repo.js';
import type { HydratedPage, Hydrator } from './hydrator.js';

/** Everything the spec's user objects show, for a list of users as one viewer sees them. */
export interface HydratedUsers {
  rows: users.UserRow[];
  followers: Map<string, string[]>;
  following: Map<string, string[]>;
  people: Map<string, users.SummaryRow>;
  viewerId: string | undefined;
  /** The viewer's bookmarks as whole posts, when the viewer's own object is among the rows. */
  ownBookmarks: HydratedPage | undefined;
}

/**
 * Loads followers and following (the first entries of each, oldest first, up to the caps), the people
 * on them, and the viewer's own bookmarks. The viewer's own entries are added where a cap cut them off:
 * the viewer in the followers of each user they follow, each user they follow in their own following.
 */
export async function hydrateUsers(
  deps: { db: Db; dialect: Dialect; caps: AnswerCaps; hydrator: Hydrator },
  rows: users.UserRow[],
  viewerId: string | undefined,
): Promise<HydratedUsers> {
  const { db, dialect, caps } = deps;
  const ids = rows.map((row) => row.id);
  const others = ids.filter((id) => id !== viewerId);
  const isListed = viewerId !== undefined && ids.includes(viewerId);
  const [followers, following, ownFollowing, state, ownBookmarkRows] = await Promise.all([
    follows.firstOfRelation(db, dialect, ids, 'followers', caps.entries),
    follows.firstOfRelation(db, dialect, others, 'following', caps.entries),
    isListed ? follows.firstOfRelation(db, dialect, [viewerId], 'following', caps.ownFollowing) : [],
    viewerId && others.length > 0 ? follows.followStateOf(db, viewerId, others) : undefined,
    isListed ? bookmarks.bookmarkPage(db, viewerId, undefined, caps.posts) : [],
  ]);
  const followersOf = listsByOwner(followers);
  const followingOf = listsByOwner([...following, ...ownFollowing]);
  if (viewerId && state) {
    for (const id of state.follows) addOwnEntry(followersOf, id, viewerId);
    for (const id of state.followedBy) addOwnEntry(followingOf, id, viewerId);
    if (isListed) for (const id of state.follows) addOwnEntry(followingOf, viewerId, id);
    if (isListed) for (const id of state.followedBy) addOwnEntry(followersOf, viewerId, id);
  }
  const everyone = new Set<string>();
  for (const list of [...followersOf.values(), ...followingOf.values()])
    for (const id of list) everyone.add(id);
  const [people, ownBookmarks] = await Promise.all([
    deps.hydrator.peopleByIds([...everyone]),
    isListed
      ? deps.hydrator.pageOfIds(
          ownBookmarkRows.map((row) => row.post_id),
          'full',
          viewerId,
        )
      : undefined,
  ]);
  return {
    rows,
    followers: followersOf,
    following: followingOf,
    people,
    viewerId,
    ownBookmarks,
  };
}

function listsByOwner(rows: { owner_id: string; user_id: string }[]): Map<string, string[]> {
  const grouped = groupBy(rows, (row) => row.owner_id);
  return new Map([...grouped].map(([owner, list]) => [owner, list.map((row) => row.user_id)]));
}

function addOwnEntry(lists: Map<string, string[]>, owner: string, entry: string) {
  const list = lists.get(owner) ?? [];
  if (!list.includes(entry)) list.push(entry);
  lists.set(owner, list);
}
