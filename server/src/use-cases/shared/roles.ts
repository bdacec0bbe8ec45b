import type { Role } from '../../data/schema.js';
import { NotAllowed } from './domain-errors.js';

/**
 * Roles and what each may do. Each role has every permission of the roles below it; a person manages
 * the roles below their own only (an admin can make a moderator, never an admin or an owner).
 */
export type Permission = 'manage_reports' | 'manage_users' | 'manage_rules_and_settings' | 'manage_roles';

/** Highest first. */
export const roles: readonly Role[] = ['owner', 'admin', 'moderator', 'user'];

const permissionsOf: Record<Role, readonly Permission[]> = {
  owner: ['manage_reports', 'manage_users', 'manage_rules_and_settings', 'manage_roles'],
  admin: ['manage_reports', 'manage_users', 'manage_rules_and_settings', 'manage_roles'],
  moderator: ['manage_reports', 'manage_users'],
  user: [],
};

export const isRole = (value: string): value is Role => (roles as readonly string[]).includes(value);

export const can = (role: Role, permission: Permission): boolean => permissionsOf[role].includes(permission);

/** The roles that have a permission. */
export const rolesWith = (permission: Permission): readonly Role[] =>
  roles.filter((role) => can(role, permission));

/** The permissions of a role, for the client to show what it may do. */
export const permissions = (role: Role): readonly Permission[] => permissionsOf[role];

/** Whether `role` is below `other` (a user is below a moderator). */
export const isBelow = (role: Role, other: Role): boolean => roles.indexOf(role) > roles.indexOf(other);

/** Staff: anyone who can see the moderation area. */
export const isStaff = (role: Role): boolean => can(role, 'manage_reports');

/** Refuses a person whose role lacks the permission. */
export function requirePermission(role: Role, permission: Permission): void {
  if (!can(role, permission))
    throw new NotAllowed(`Your role (${role}) does not allow this: it needs the permission "${permission}".`);
}
