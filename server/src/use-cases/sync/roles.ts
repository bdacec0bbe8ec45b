import type { RoleReply } from '@sync/contract';
import * as users from '../../data/users.repo.js';
import type { Role } from '../../data/schema.js';
import { HttpError } from '../../platform/http/errors.js';
import type { Deps } from '../shared/deps.js';
import { isBelow, requirePermission, roles } from '../shared/roles.js';
import { requireUserNamed, writeRole } from '../shared/role-changes.js';

/**
 * Roles (owner, admin, moderator, user): granted by someone above the role, through
 * `PUT /api/admin/accounts/:username/role`, or by whoever runs the server, through
 * `npm run sync -- role <username> <role>`. Each change is in the audit log.
 */

const article = (role: Role) => (role === 'owner' || role === 'admin' ? 'an' : 'a');

/**
 * `PUT /api/admin/accounts/:username/role`: someone with `manage_roles` gives a person below their
 * own role a role below their own (an owner makes admins, an admin moderators); nobody their own.
 */
export async function changeRole(
  deps: Deps,
  input: { actor: users.UserRow; username: string; role: Role },
): Promise<RoleReply> {
  const { actor, role } = input;
  requirePermission(actor.role, 'manage_roles');
  const target = await requireUserNamed(deps.db, input.username);
  if (target.id === actor.id)
    throw new HttpError(
      403,
      "You cannot change your own role: someone above you can, or the server's command line.",
    );
  if (!isBelow(target.role, actor.role))
    throw new HttpError(
      403,
      `@${target.username} is ${article(target.role)} ${target.role}: only someone above that role can change it.`,
    );
  if (!isBelow(role, actor.role))
    throw new HttpError(
      403,
      `You can grant only roles below your own (${actor.role}): ${roles.filter((r) => isBelow(r, actor.role)).join(', ')}.`,
    );
  if (target.pending_since)
    throw new HttpError(422, `@${target.username} is waiting for approval: approve the account first.`);
  return writeRole(deps, actor, target, role);
}
