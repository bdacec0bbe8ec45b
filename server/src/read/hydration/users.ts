import type { AnswerCaps } from '../../config.js';
import type { Db, Dialect } from '../../data/database.js';
import { groupBy } from '../../platform/db/chunks.js';
import * as bookmarks from '../../data/bookmarks.repo.js';
import * as follows from '../../data/follows.repo.js';
import * as accounts from '../../data/accounts.repo.js';
import * as users from '../../data/users.repo.js';
import type { HydratedPage, Hydrator } from './hydrator.js';

/**
 * Users: the spec's whole user objects (a profile, a list of users), with their follow lists and the
 * viewer's own bookmarks. Everyone those lists show is a person, a user summary, loaded through the
 * hydrator's people cache (people.ts), like the people beside posts.
 */

/** Everything the spec's user objects show, for a list of users as one viewer sees them. */
export interface HydratedUsers {
  rows: users.UserRow[];
  followers: Map<string, string[]>;
  following: Map<string, string[]>;
  people: Map<string, accounts.SummaryRow>;
  viewerId: string | undefined;
  /** The viewer's bookmarks as whole posts, when the viewer's own object is among the rows. */
  ownBookmarks: HydratedPage | undefined;
}

/**
 * The one user an answer is about lists followers and following up to the entries cap, and the viewer's
 * own object their bookmarks up to the posts cap; users in a list of users list them up to the nested
 * cap. The viewer's own following has its own cap either way (a client decides Follow from it).
 */
export type UserShape = 'one' | 'listed';

/**
 * Loads followers and following (the first entries of each, oldest first, up to the caps), the people
 * on them, and the viewer's own bookmarks. The viewer's own entries are added where a cap cut them off:
 * the viewer in the followers of each user they follow, each user they follow in their own following.
 */
export async function hydrateUsers(
  deps: { db: Db; dialect: Dialect; caps: AnswerCaps; hydrator: Hydrator },
  rows: users.UserRow[],
  viewerId: string | undefined,
  shape: UserShape,
): Promise<HydratedUsers> {
  const { db, dialect, caps } = deps;
  const limit = shape === 'one' ? caps.entries : caps.nested;
  const bookmarksShown = shape === 'one' ? caps.posts : caps.nested;
  const ids = rows.map((row) => row.id);
  const others = ids.filter((id) => id !== viewerId);
  const viewerShown = viewerId !== undefined && ids.includes(viewerId);
  const [relations, ownBookmarkRows] = await Promise.all([
    follows.relationLists(db, dialect, {
      lists: [
        { relation: 'followers', userIds: ids, limit },
        { relation: 'following', userIds: others, limit },
        ...(viewerShown
          ? [{ relation: 'following' as const, userIds: [viewerId], limit: caps.ownFollowing }]
          : []),
      ],
      order: 'oldest',
      stateOf: viewerId && others.length > 0 ? { viewerId, userIds: others } : undefined,
    }),
    viewerShown ? bookmarks.bookmarkPage(db, viewerId, undefined, bookmarksShown) : [],
  ]);
  const followersOf = listsByOwner(relations.followers);
  const followingOf = listsByOwner(relations.following);
  if (viewerId) {
    const { state } = relations;
    for (const id of state.follows) addOwnEntry(followersOf, id, viewerId);
    for (const id of state.followedBy) addOwnEntry(followingOf, id, viewerId);
    if (viewerShown) for (const id of state.follows) addOwnEntry(followingOf, viewerId, id);
    if (viewerShown) for (const id of state.followedBy) addOwnEntry(followersOf, viewerId, id);
  }
  // Someone the viewer does not see (a block either way, a suspension) is on nobody's list for them;
  // the users' counts stay as stored.
  const rules = await deps.hydrator.rules(viewerId);
  const seen = (list: string[]) => list.filter((id) => rules.seesAccount(id));
  if (!rules.hidesNothing) {
    for (const [owner, list] of followersOf) followersOf.set(owner, seen(list));
    for (const [owner, list] of followingOf) followingOf.set(owner, seen(list));
  }
  const everyone = new Set<string>();
  for (const list of [...followersOf.values(), ...followingOf.values()])
    for (const id of list) everyone.add(id);
  const [people, ownBookmarks] = await Promise.all([
    deps.hydrator.peopleByIds([...everyone], relations.versions),
    viewerShown
      ? deps.hydrator.pageOfIds(
          ownBookmarkRows.map((row) => row.post_id),
          'listed',
          viewerId,
          'post',
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
