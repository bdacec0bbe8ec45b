import { searchKey } from '../../data/name-keys.js';
import * as users from '../../data/users.repo.js';
import { cursorPage, noBounds, type CursorWindow, type PageBounds } from '../shared/cursor-windows.js';
import { type AccountRef } from '../shared/account-refs.js';
import type { Deps } from '../shared/deps.js';
import { requirePermission } from '../shared/roles.js';
import { requireAccount, AccountsFilter } from '../shared/moderation.js';

/** `GET /api/v1|v2/admin/accounts`: a window of the accounts, newest sign-up first, in signed cursors. */
export async function accountsWindow(
  deps: Deps,
  input: { moderator: users.UserRow; filter: AccountsFilter; window: CursorWindow },
): Promise<{ accounts: users.UserRow[]; bounds: PageBounds }> {
  requirePermission(input.moderator.role, 'manage_users');
  const { statuses, roles, query, nobody } = input.filter;
  if (nobody) return { accounts: [], bounds: noBounds };
  const filter = {
    statuses,
    roles,
    prefix: query ? searchKey(query) : undefined,
    now: deps.clock.now().toISOString(),
  };
  const { rows, bounds } = await cursorPage(
    deps,
    users.accountsForModerators,
    input.window,
    (window) => users.moderatedAccountWindow(deps.db, filter, window),
    (row) => [row.created_at, row.id],
  );
  return { accounts: rows, bounds };
}

/** `GET /api/v1/admin/accounts/:id`: the account as moderators see it (404 for an unknown id). */
export async function moderatedAccount(
  deps: Deps,
  input: { moderator: users.UserRow; account: AccountRef },
): Promise<users.UserRow> {
  requirePermission(input.moderator.role, 'manage_users');
  return requireAccount(deps, input.account);
}
