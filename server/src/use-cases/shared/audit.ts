import type { Db } from '../../data/database.js';
import { appendAuditEntry } from '../../data/audit-log.repo.js';
import { newId } from '../../platform/db/ids.js';
import type { Deps } from './deps.js';
import { commit, type CommitDeps, type Effects } from './commit.js';

/**
 * Who acted: a signed-in person, or whoever runs the server's command line (`npm run sync`), which has
 * no account.
 */
export interface Actor {
  id: string | null;
  username: string;
}

/** The actor of what is done from the server's command line. */
export const commandLine: Actor = { id: null, username: 'command line' };

export interface AuditedChange {
  /** What was done, in snake case: `change_role`, `create_rule`, `approve_registration`… */
  action: string;
  targetType: 'account' | 'post' | 'comment' | 'report' | 'rule' | 'settings' | 'invite' | 'email_domain';
  targetId: string;
  /** What the target was called then (a username, a rule's text): the entry outlives it. */
  targetLabel: string;
  reason?: string;
}

/** Appends the audit-log entry of a moderation or administration change, in its transaction. */
export async function audit(trx: Db, at: Date, actor: Actor, change: AuditedChange): Promise<void> {
  await appendAuditEntry(trx, {
    id: newId(at),
    actor_id: actor.id,
    actor_username: actor.username,
    action: change.action,
    target_type: change.targetType,
    target_id: change.targetId,
    target_label: change.targetLabel.slice(0, 200),
    reason: change.reason ?? '',
    created_at: at.toISOString(),
  });
}

/**
 * A moderation or administration write and its audit entry in one transaction (the commit path), at the
 * clock's now. `write` answers what it changed, or undefined when there was nothing to change (and no
 * entry is appended); `entry` tells the entry from what changed.
 */
export async function auditedWrite<T>(
  deps: CommitDeps & Pick<Deps, 'clock'>,
  actor: Actor,
  write: (trx: Db, at: Date, effects: Effects) => Promise<T>,
  entry: (changed: NonNullable<T>) => AuditedChange,
): Promise<T> {
  const at = deps.clock.now();
  return commit(deps, async (trx, effects) => {
    const changed = await write(trx, at, effects);
    if (changed !== undefined && changed !== null) await audit(trx, at, actor, entry(changed));
    return changed;
  });
}
