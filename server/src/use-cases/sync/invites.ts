import crypto from 'node:crypto';
import type { Invite, InviteBody, InviteReply, InvitesReply } from '@sync/contract';
import * as invites from '../../data/invites.repo.js';
import type { UserRow } from '../../data/users.repo.js';
import { newId } from '../../platform/db/ids.js';
import { notFound } from '../../platform/http/errors.js';
import type { Uris } from '../../platform/uris/uris.js';
import { audit, auditedWrite } from '../shared/audit.js';
import type { Deps } from '../shared/deps.js';
import { commit } from '../shared/commit.js';
import { requirePermission } from '../shared/roles.js';

/**
 * Invite links (Moderation → Invites): a sign-up with one gets in whatever the registrations mode, and
 * without waiting for approval, while the link is valid (not revoked, not expired, uses left).
 */

/** How many invites the list shows, newest first. */
const listed = 200;

/** Characters nobody mistakes for another (no 0, O, I, l). */
const codeAlphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Ten characters a person can read out and type: about 58 random bits. */
const newCode = (): string =>
  Array.from({ length: 10 }, () => codeAlphabet[crypto.randomInt(codeAlphabet.length)]).join('');

/** The sign-up page with the code filled in. */
const inviteUrl = (uris: Uris, code: string) => uris.at(`/signup?invite=${encodeURIComponent(code)}`);

const inviteView = (row: invites.InviteRow, uris: Uris): Invite => ({
  id: row.id,
  code: row.code,
  url: inviteUrl(uris, row.code),
  maxUses: row.max_uses,
  uses: row.uses,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
  createdAt: row.created_at,
});

/** `GET /api/admin/invites` */
export async function invitesFor(deps: Deps, input: { actor: UserRow; uris: Uris }): Promise<InvitesReply> {
  requirePermission(input.actor.role, 'manage_rules_and_settings');
  const rows = await invites.newestInvites(deps.db, listed);
  return { invites: rows.map((row) => inviteView(row, input.uris)) };
}

/** `POST /api/admin/invites`: a new link, for `maxUses` sign-ups and `expiresInSeconds` (left out: no limit). */
export async function createInvite(
  deps: Deps,
  input: { actor: UserRow; body: InviteBody; uris: Uris },
): Promise<InviteReply> {
  requirePermission(input.actor.role, 'manage_rules_and_settings');
  const { maxUses, expiresInSeconds } = input.body;
  const row = await auditedWrite(
    deps,
    input.actor,
    (trx, at) =>
      invites.insertInvite(trx, {
        id: newId(at),
        code: newCode(),
        creator_id: input.actor.id,
        max_uses: maxUses ?? null,
        expires_at: expiresInSeconds ? new Date(at.getTime() + expiresInSeconds * 1000).toISOString() : null,
        revoked_at: null,
        created_at: at.toISOString(),
      }),
    (created) => ({
      action: 'create_invite',
      targetType: 'invite',
      targetId: created.id,
      targetLabel: created.code,
    }),
  );
  return { invite: inviteView(row, input.uris) };
}

/** `DELETE /api/admin/invites/:id`: the link stops working at once; it stays listed, revoked. */
export async function revokeInvite(
  deps: Deps,
  input: { actor: UserRow; id: string; uris: Uris },
): Promise<InviteReply> {
  requirePermission(input.actor.role, 'manage_rules_and_settings');
  const at = deps.clock.now();
  const row = await commit(deps, async (trx) => {
    const revoked = await invites.revokeInvite(trx, input.id, at.toISOString());
    // One revoked before stays as it was, and its revocation is logged already.
    if (!revoked) return invites.findInviteById(trx, input.id);
    await audit(trx, at, input.actor, {
      action: 'revoke_invite',
      targetType: 'invite',
      targetId: revoked.id,
      targetLabel: revoked.code,
    });
    return revoked;
  });
  if (!row) throw notFound(`No invite with id "${input.id}" exists.`);
  return { invite: inviteView(row, input.uris) };
}
