import type { Role } from '@sync/contract';
import { describe, expect, it } from 'vitest';
import { isStaff } from '../../../lib/session';
import { sessionUser } from '../../../lib/test/session-users';
import { assignableRoles, isBelowMe, mayOpen, sectionsFor } from './access';

const person = (role: Role) =>
  sessionUser(role, { _id: role, username: role, firstName: 'A', lastName: role });

describe('who sees what of the moderation area', () => {
  it('staff are the owner, admins and moderators; a session from before roles existed is not', () => {
    expect((['owner', 'admin', 'moderator', 'user'] as const).map((role) => isStaff(person(role)))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    const { role: _role, permissions: _permissions, ...older } = person('owner');
    expect(isStaff(older)).toBe(false);
  });

  it('a moderator has the reports, accounts, registrations and audit log, not the server’s settings', () => {
    expect(sectionsFor(person('moderator')).map((section) => section.path)).toEqual([
      'reports',
      'accounts',
      'registrations',
      'audit-log',
    ]);
    expect(mayOpen(person('moderator'), 'rules')).toBe(false);
    expect(mayOpen(person('admin'), 'rules')).toBe(true);
    expect(sectionsFor(person('user'))).toEqual([]);
  });

  it('offers only the roles below one’s own, and none without manage_roles', () => {
    expect(assignableRoles(person('owner'))).toEqual(['admin', 'moderator', 'user']);
    expect(assignableRoles(person('admin'))).toEqual(['moderator', 'user']);
    expect(assignableRoles(person('moderator'))).toEqual([]);
    expect(assignableRoles(person('user'))).toEqual([]);
  });

  it('acts only on accounts below one’s own role', () => {
    expect(isBelowMe(person('admin'), 'moderator')).toBe(true);
    expect(isBelowMe(person('admin'), 'admin')).toBe(false);
    expect(isBelowMe(person('moderator'), 'owner')).toBe(false);
  });
});
