import { inForce } from '../../../data/accounts.repo.js';
import type { AccountRecord } from '../../hydration/accounts.js';
import { accountView } from './accounts.js';
import type { AdminAccount } from '@sync/contract/mastodon';
import { instanceLanguage } from './instance.js';
import { roleOf } from './roles.js';
import type { Uris } from '../../../platform/uris/uris.js';

/**
 * The admin API's views (docs/decisions/070): accounts as moderators see them (Admin::Account), in the
 * admin accounts API (api/mastodon/admin-accounts.ts) and beside its reports.
 */

export function adminAccountView(record: AccountRecord, urls: Uris, now: Date): AdminAccount {
  const { user } = record;
  return {
    id: user.id,
    username: user.username,
    domain: null,
    created_at: user.created_at,
    email: user.email,
    ip: null,
    ips: [],
    locale: instanceLanguage,
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
