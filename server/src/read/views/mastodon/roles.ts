import type { Role as SyncRole } from '../../../data/schema.js';
import type { Role } from '@sync/contract/mastodon';

/**
 * Sync's roles as Mastodon's Role entity, on the person's own account and in the admin API: the ids and
 * names of Mastodon's own default roles, and the permission bits of what each may do on Sync
 * (manage_reports 0x10, manage_users 0x400, manage_settings 0x40, manage_rules 0x1000, manage_roles
 * 0x20000; the owner is also administrator, 0x1). A member's is Mastodon's everyone role, with no
 * permission since Sync has no invites.
 */
export const roleOf: Record<SyncRole, Role> = {
  owner: {
    id: '3',
    name: 'Owner',
    color: '',
    permissions: String(0x1 | 0x10 | 0x400 | 0x40 | 0x1000 | 0x20000),
    highlighted: true,
  },
  admin: {
    id: '2',
    name: 'Admin',
    color: '',
    permissions: String(0x10 | 0x400 | 0x40 | 0x1000 | 0x20000),
    highlighted: true,
  },
  moderator: { id: '1', name: 'Moderator', color: '', permissions: String(0x10 | 0x400), highlighted: true },
  user: { id: '-99', name: '', color: '', permissions: '0', highlighted: false },
};
