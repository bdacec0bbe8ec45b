import type { RoleReply } from '@sync/contract';
import * as users from '../../data/users.repo.js';
import type { Role } from '../../data/schema.js';
import { audit, commandLine, type Actor } from './audit.js';
import type { Deps } from './deps.js';
import { commit, nothingFollows, type CommitDeps } from './commit.js';
import { Invalid, NotFound } from './domain-errors.js';
import { isRole, permissions, roles } from './roles.js';

export async function requireUserNamed(db: Deps['db'], username: string): Promise<users.UserRow> {
  const user = await users.findUserByUsername(db, username);
  if (!user) throw new NotFound({ thing: 'person', name: username });
  return user;
}

export const roleReply = (username: string, role: Role): RoleReply => ({
  account: { username, role, permissions: [...permissions(role)] },
});

export async function writeRole(
  deps: CommitDeps & Pick<Deps, 'clock'>,
  actor: Actor,
  target: users.UserRow,
  role: Role,
): Promise<RoleReply> {
  if (target.role !== role) {
    const at = deps.clock.now();
    await commit(deps, async (trx, effects) => {
      await users.setRole(trx, target.id, role);
      await audit(trx, at, actor, {
        action: 'change_role',
        targetType: 'account',
        targetId: target.id,
        targetLabel: target.username,
        reason: `${target.role} → ${role}`,
      });
      // The person's row kept for their reads (their role: what they may open) is read again everywhere.
      effects.publish({ type: 'moderation-changed', userId: target.id });
    });
  }
  return roleReply(target.username, role);
}

/**
 * `npm run sync -- role <username> <role>`: whoever runs the server grants any role, owner included
 * (how a server that was running before roles existed gets its owner).
 */
export async function grantRoleFromCommandLine(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: { username: string; role: string },
): Promise<RoleReply> {
  const { role } = input;
  if (!isRole(role)) throw new Invalid('role', `"${role}" is not a role: use one of ${roles.join(', ')}.`);
  const target = await requireUserNamed(deps.db, input.username);
  return writeRole({ ...deps, ...nothingFollows }, commandLine, target, role);
}
