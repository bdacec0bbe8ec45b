import type { Permission, Role, UserSummary } from '@sync/contract';
import type { SessionUser } from '../session';

/** The permissions each role has, as the server's own user answer says them. */
export const permissionsOf = {
  owner: ['manage_reports', 'manage_users', 'manage_rules_and_settings', 'manage_roles'],
  admin: ['manage_reports', 'manage_users', 'manage_rules_and_settings', 'manage_roles'],
  moderator: ['manage_reports', 'manage_users'],
  user: [],
} as const satisfies Record<Role, readonly Permission[]>;

/**
 * A signed-in person as the session keeps them, with `role` and its permissions; `who` says who they
 * are (by default "Me Myself", @me), the rest of their profile is empty.
 */
export function sessionUser(role: Role, who: Partial<UserSummary> = {}): SessionUser {
  return {
    _id: 'me',
    username: 'me',
    firstName: 'Me',
    lastName: 'Myself',
    avatarURL: '',
    ...who,
    bio: '',
    links: '',
    city: '',
    following: [],
    followers: [],
    followerCount: 0,
    followingCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    role,
    permissions: [...permissionsOf[role]],
  };
}
