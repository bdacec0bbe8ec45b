import type { Permission, Role } from '@sync/contract';
import { can, type SessionUser } from '../../../lib/session';

/** Highest first, as the server ranks them: a person manages only the roles below their own. */
export const roles: readonly Role[] = ['owner', 'admin', 'moderator', 'user'];

/** The roles the person may give (those below their own); none if they may not manage roles. */
export function assignableRoles(user: SessionUser): Role[] {
  if (!can(user, 'manage_roles') || !user.role) return [];
  return roles.slice(roles.indexOf(user.role) + 1);
}

/** Whether `role` is below the signed-in person's own, so they may act on its holder's role. */
export function isBelowMe(user: SessionUser, role: Role): boolean {
  return user.role !== undefined && roles.indexOf(role) > roles.indexOf(user.role);
}

/** The moderation area's sections, in the order its navigation lists them, each with what it needs. */
export const sections = [
  { path: 'reports', permission: 'manage_reports' },
  { path: 'accounts', permission: 'manage_users' },
  { path: 'registrations', permission: 'manage_users' },
  { path: 'rules', permission: 'manage_rules_and_settings' },
  { path: 'settings', permission: 'manage_rules_and_settings' },
  { path: 'invites', permission: 'manage_rules_and_settings' },
  { path: 'email-domains', permission: 'manage_rules_and_settings' },
  { path: 'audit-log', permission: 'manage_users' },
] as const satisfies readonly { path: string; permission: Permission }[];

export type Section = (typeof sections)[number]['path'];

export const sectionsFor = (user: SessionUser) => sections.filter((section) => can(user, section.permission));

/** Whether the person's role lets them open a section (the server refuses the rest with 403). */
export const mayOpen = (user: SessionUser, path: Section) =>
  sectionsFor(user).some((section) => section.path === path);
