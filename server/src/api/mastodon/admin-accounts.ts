import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AccountStatus } from '../../data/users.repo.js';
import type { Role } from '../../data/schema.js';
import { HttpError, recordNotFound } from '../../platform/http/errors.js';
import { adminAccountView } from '../../read/views/mastodon/admin.js';
import { AdminAccount, Empty } from '@sync/contract/mastodon';
import { Type, type Static } from 'typebox';
import { answeredWith } from './answer-schemas.js';
import { actOnAccount, type AccountAction, type AccountsFilter } from '../../use-cases/shared/moderation.js';
import * as moderation from '../../use-cases/mastodon/moderation.js';
import * as registrations from '../../use-cases/shared/registrations.js';
import type { UserRow } from '../../data/users.repo.js';
import { mastodonAccess, mastodonViewer } from './auth.js';
import { setLinks, windowOf, windowParams } from './paging.js';
import { IdParams } from './request-schemas.js';
import { urisFor } from '../uris.js';
import type { Uris } from '../../platform/uris/uris.js';

/**
 * The admin API's accounts (`/api/v1/admin/accounts`, `/api/v2/admin/accounts`) over the moderation use
 * cases of Sync's own (use-cases/shared/moderation.ts). They need a moderator, whatever the token's scopes:
 * anyone else gets 403.
 *
 * Mastodon's actions as Sync takes them (`POST /:id/action`, `type`):
 * - `none`: a warning (Sync's `warn`), with `text`;
 * - `sensitive`: a warning too: Sync has no media to mark sensitive; the audit log says it came so;
 * - `silence`: a limit (`/:id/unsilence` lifts it);
 * - `suspend`: a suspension until lifted, purged 30 days on (`/:id/unsuspend` lifts it before);
 * - `disable` is refused (422): Sync has no accounts that cannot sign in but stay shown, and taking it
 *   as a suspension would purge the account in 30 days, which `disable` never does. `/:id/enable` and
 *   `/:id/unsensitive` find nothing to undo and answer the account as it is.
 * `warning_preset_id` and `send_email_notification` are read and left: Sync has neither presets nor
 * email; the person is told with a `moderation_warning` notification.
 */

/** Mastodon's sizes for the admin lists: 100 accounts a page unless asked, at most 200. */
const pageSizes = { fallback: 100, max: 200 };

/** Mastodon's default roles, by their ids (read/views/mastodon/admin.ts). */
const roleIds: Record<string, Role> = { '1': 'moderator', '2': 'admin', '3': 'owner' };

const actionTypes: Record<string, AccountAction['type'] | undefined> = {
  none: 'warn',
  sensitive: 'warn',
  silence: 'limit',
  suspend: 'suspend',
};

/** A filter every account of Sync fails: every account is local, none has an IP or a sensitive mark. */
const nobody: AccountsFilter = { statuses: [], roles: [], query: undefined, nobody: true };

const flag = Type.Boolean({ default: false });
const text = Type.Optional(Type.String());

/**
 * The lists' query: v1's booleans and v2's filters, each version reading its own, and the text filters
 * both have.
 */
const AdminAccountsQuery = Type.Object({
  ...windowParams,
  remote: flag,
  disabled: flag,
  sensitized: flag,
  active: flag,
  pending: flag,
  silenced: flag,
  suspended: flag,
  staff: flag,
  by_domain: text,
  origin: text,
  status: text,
  permissions: text,
  role_ids: Type.Array(Type.String(), { default: [] }),
  ip: text,
  username: text,
  display_name: text,
  email: text,
});
type AdminAccountsQuery = Static<typeof AdminAccountsQuery>;

/** `GET /api/v1/admin/accounts`: its booleans, as Sync's filter. */
function v1Filter(query: AdminAccountsQuery, uris: Uris): AccountsFilter {
  const domain = query.by_domain;
  if (query.remote || query.disabled || query.sensitized || query.ip) return nobody;
  if (domain && !uris.isLocal(domain)) return nobody;
  const statuses: AccountStatus[] = [];
  if (query.active) statuses.push('active');
  if (query.pending) statuses.push('pending');
  if (query.silenced) statuses.push('limited');
  if (query.suspended) statuses.push('suspended');
  if (query.staff) statuses.push('staff');
  return { statuses, roles: [], query: textQuery(query), nobody: false };
}

/** `GET /api/v2/admin/accounts`: `origin`, `status`, `permissions`, `role_ids[]`, as Sync's filter. */
function v2Filter(query: AdminAccountsQuery): AccountsFilter {
  const { status } = query;
  if (query.origin === 'remote' || status === 'disabled' || query.ip) return nobody;
  const statuses: AccountStatus[] = [];
  if (status === 'active' || status === 'pending' || status === 'suspended') statuses.push(status);
  if (status === 'silenced') statuses.push('limited');
  if (query.permissions === 'staff') statuses.push('staff');
  const asked = query.role_ids;
  const roles = asked.flatMap((id) => (roleIds[id] ? [roleIds[id]] : []));
  // Roles asked for that Sync has not: nobody has them.
  if (asked.length > 0 && roles.length === 0) return nobody;
  return { statuses, roles, query: textQuery(query), nobody: false };
}

/** `username`, `display_name` or `email`: accounts whose username, name or address starts with it. */
const textQuery = (query: AdminAccountsQuery) =>
  query.username || query.display_name || query.email || undefined;

/** `POST /:id/action`. */
const ActionBody = Type.Object({
  type: Type.String({ default: 'none' }),
  text,
  report_id: text,
});

export const adminAccountRoutes: FastifyPluginAsyncTypebox<{ version: 1 | 2 }> = async (app, { version }) => {
  const { deps } = app;
  const read = mastodonAccess(app, { user: true, scope: 'admin:read:accounts' });
  const write = mastodonAccess(app, { user: true, scope: 'admin:write:accounts' });

  /** The accounts as Admin::Account, their public accounts read with their statuses counts. */
  const adminAccounts = async (
    request: FastifyRequest,
    rows: readonly UserRow[],
  ): Promise<AdminAccount[]> => {
    const records = await deps.hydrator.accounts(rows.map((row) => row.id));
    const now = deps.clock.now();
    return rows.flatMap((row) => {
      const record = records.get(row.id);
      return record ? [adminAccountView(record, urisFor(request), now)] : [];
    });
  };
  const adminAccount = async (request: FastifyRequest, row: UserRow): Promise<AdminAccount> => {
    const [account] = await adminAccounts(request, [row]);
    if (!account) throw recordNotFound();
    return account;
  };

  app.get(
    '/',
    {
      preHandler: read,
      schema: { querystring: AdminAccountsQuery, ...answeredWith(Type.Array(AdminAccount)) },
    },
    async (request, reply) => {
      const { accounts, bounds } = await moderation.accountsWindow(deps, {
        moderator: mastodonViewer(request),
        filter: version === 1 ? v1Filter(request.query, urisFor(request)) : v2Filter(request.query),
        window: windowOf(request.query, pageSizes.max, pageSizes.fallback),
      });
      setLinks(request, reply, bounds);
      return adminAccounts(request, accounts);
    },
  );

  // The v2 API has the list only; the rest are v1's.
  if (version === 2) return;

  /** The account of the path's `:id` as Admin::Account, as the moderator reading it sees it. */
  const accountAsItIs = async (request: FastifyRequest, id: string) =>
    adminAccount(
      request,
      await moderation.moderatedAccount(deps, {
        moderator: mastodonViewer(request),
        account: { id },
      }),
    );

  const idAnswered = { params: IdParams, ...answeredWith(AdminAccount) };
  app.get('/:id', { preHandler: read, schema: idAnswered }, (request) =>
    accountAsItIs(request, request.params.id),
  );

  /** An action on the account, as `actOnAccount` takes it; the account as it then is. */
  const act = async (request: FastifyRequest, id: string, action: AccountAction) =>
    (
      await actOnAccount(deps, {
        moderator: mastodonViewer(request),
        account: { id },
        action,
      })
    ).account;

  app.post(
    '/:id/action',
    { preHandler: write, schema: { params: IdParams, body: ActionBody, ...answeredWith(Empty) } },
    async (request) => {
      const { body } = request;
      const { type } = body;
      if (type === 'disable')
        throw new HttpError(
          422,
          'Sync has no disabled accounts: suspend the account (reversible for 30 days, then purged) or silence it.',
        );
      const taken = actionTypes[type];
      if (!taken)
        throw new HttpError(
          422,
          `Validation failed: "${type}" is not an action: none, sensitive, silence or suspend.`,
        );
      await act(request, request.params.id, {
        type: taken,
        text: body.text,
        reportId: body.report_id || undefined,
        auditNote: type === 'sensitive' ? '(Mastodon’s “sensitive”, taken as a warning.)' : undefined,
      });
      return {};
    },
  );

  for (const [path, type] of [
    ['unsuspend', 'unsuspend'],
    ['unsilence', 'unlimit'],
  ] as const) {
    app.post(`/:id/${path}`, { preHandler: write, schema: idAnswered }, async (request) =>
      adminAccount(request, await act(request, request.params.id, { type })),
    );
  }

  // Nothing of these is ever set on Sync: the account as it is.
  for (const path of ['enable', 'unsensitive']) {
    app.post(`/:id/${path}`, { preHandler: write, schema: idAnswered }, (request) =>
      accountAsItIs(request, request.params.id),
    );
  }

  app.post('/:id/approve', { preHandler: write, schema: idAnswered }, async (request) =>
    adminAccount(
      request,
      await registrations.approveRegistration(deps, {
        actor: mastodonViewer(request),
        account: { id: request.params.id },
      }),
    ),
  );

  // The account is deleted: the answer shows it as it was, read before.
  app.post('/:id/reject', { preHandler: write, schema: idAnswered }, async (request) => {
    const moderator = mastodonViewer(request);
    const account = { id: request.params.id };
    const before = await moderation.moderatedAccount(deps, { moderator, account });
    const shown = await adminAccount(request, before);
    await registrations.rejectRegistration(deps, { actor: moderator, account });
    return shown;
  });
};
