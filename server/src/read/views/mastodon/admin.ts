import type { Role } from '../../../data/schema.js';
import { inForce } from '../../../data/users.repo.js';
import type { AccountRecord } from '../../hydration/accounts.js';
import { accountView } from './accounts.js';
import type { AdminAccount, AdminRole } from './entities.js';
import type { Urls } from './urls.js';

/**
 * The admin API's views (docs/decisions/070): accounts as moderators see them (Admin::Account), in the
 * admin accounts API (api/mastodon/admin-accounts.ts) and beside its reports.
 */

/**
 * Sync's roles as Mastodon's: the ids and names of Mastodon's own default roles, and the permission
 * bits of what each may do on Sync (manage_reports 0x10, manage_users 0x400, manage_settings 0x40,
 * manage_rules 0x1000, manage_roles 0x20000; the owner is also administrator, 0x1).
 */
const roleOf: Record<Role, AdminRole> = {
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

export function adminAccountView(record: AccountRecord, urls: Urls, now: Date): AdminAccount {
  const { user } = record;
  return {
    id: user.id,
    username: user.username,
    domain: null,
    created_at: user.created_at,
    email: user.email,
    ip: null,
    ips: [],
    locale: null,
    invite_request: user.signup_reason === '' ? null : user.signup_reason,
    role: roleOf[user.role],
    confirmed: true,
    approved: user.pending_since === null,
    // Mastodon's "disabled" (cannot sign in, still shown) is a state Sync has not (api/mastodon/admin-accounts.ts).
    disabled: false,
    silenced: inForce(user.limited_at, user.limit_ends_at, now),
    suspended: inForce(user.suspended_at, user.suspension_ends_at, now),
    sensitized: false,
    account: accountView(record, urls),
  };
}
