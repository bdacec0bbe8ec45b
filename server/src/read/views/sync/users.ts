import type { User } from '@sync/contract';
import type { HydratedUsers } from '../../hydration/users.js';
import type { UserRow } from '../../../data/users.repo.js';
import { fullPostViews } from './posts.js';
import { summariesOf } from './summaries.js';

/**
 * The spec's user object. `email` is private: it is only on the user's own object (`isSelf`), and
 * `bookmarks` only there too (decision 002).
 */
export function userView(
  row: UserRow,
  lists: Pick<User, 'following' | 'followers' | 'bookmarks'>,
  isSelf: boolean,
): User {
  return {
    _id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    ...(isSelf ? { email: row.email } : {}),
    avatarURL: row.avatar_url,
    bio: row.bio,
    links: row.links,
    city: row.city,
    following: lists.following,
    followers: lists.followers,
    bookmarks: isSelf ? lists.bookmarks : [],
    followerCount: row.follower_count,
    followingCount: row.following_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.header_url && { headerURL: row.header_url }),
  };
}

/** The spec's user objects, as the viewer of `hydrated` sees them. */
export function userViews(hydrated: HydratedUsers): User[] {
  const { viewerId, people } = hydrated;
  return hydrated.rows.map((row) =>
    userView(
      row,
      {
        following: summariesOf(hydrated.following.get(row.id) ?? [], people),
        followers: summariesOf(hydrated.followers.get(row.id) ?? [], people),
        bookmarks: hydrated.ownBookmarks
          ? fullPostViews(hydrated.ownBookmarks, viewerId, { withViewerState: false })
          : [],
      },
      row.id === viewerId,
    ),
  );
}
