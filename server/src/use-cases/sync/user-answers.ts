import type { User } from '@sync/contract';
import type { Deps } from '../shared/deps.js';
import { hydrateUsers } from '../../read/hydration/users.js';
import { userViews } from '../../read/views/sync/users.js';
import * as users from '../../data/users.repo.js';
import { permissions } from '../shared/roles.js';

/** The user answers several features give (login, signup, follow, profile edit). */

/** Contract user objects of a list of users as `viewerId` sees them. */
export async function userObjects(
  deps: Deps,
  rows: users.UserRow[],
  viewerId: string | undefined,
): Promise<User[]> {
  const views = userViews(await hydrateUsers(deps, rows, viewerId, 'listed'));
  return views.map((user, index) => withOwnRole(user, rows[index]!, viewerId));
}

export async function userObject(
  deps: Deps,
  row: users.UserRow,
  viewerId: string | undefined,
): Promise<User> {
  const [user] = userViews(await hydrateUsers(deps, [row], viewerId, 'one'));
  return withOwnRole(user!, row, viewerId);
}

/**
 * The user's own object says their role and what it allows (the client shows the moderation area by
 * it); like their email (decision 008), nobody else's does.
 */
export function withOwnRole(user: User, row: users.UserRow, viewerId: string | undefined): User {
  if (row.id !== viewerId) return user;
  return { ...user, role: row.role, permissions: [...permissions(row.role)] };
}

/**
 * The spec's "every user", capped at the newest `caps.users` sign-ups, in sign-up order; the viewer
 * (and anyone else the answer is about) always among them, and nobody the viewer does not see (a
 * block either way, a suspension).
 */
export async function everyUser(
  deps: Deps,
  viewerId: string | undefined,
  alsoIds: string[] = [],
): Promise<User[]> {
  const [newest, rules] = await Promise.all([
    users.newestUsers(deps.db, deps.caps.users),
    deps.hydrator.rules(viewerId),
  ]);
  const rows = newest.filter((row) => rules.seesAccount(row.id) || alsoIds.includes(row.id));
  const listed = new Set(rows.map((row) => row.id));
  const missing = [...new Set([viewerId, ...alsoIds])].filter(
    (id): id is string => id !== undefined && !listed.has(id),
  );
  if (missing.length > 0) {
    rows.push(...(await users.usersByIds(deps.db, deps.dialect, missing)));
    rows.sort((a, b) =>
      a.created_at === b.created_at ? a.id.localeCompare(b.id) : a.created_at < b.created_at ? -1 : 1,
    );
  }
  return userObjects(deps, rows, viewerId);
}
