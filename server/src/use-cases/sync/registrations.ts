import type { RegistrationReply } from '@sync/contract';
import * as users from '../../data/users.repo.js';
import type { Deps } from '../shared/deps.js';
import { approveRegistration, rejectRegistration } from '../shared/registrations.js';

/** `POST /api/admin/accounts/:username/approve|reject` */
export async function decideRegistration(
  deps: Deps,
  input: { actor: users.UserRow; username: string; decision: 'approve' | 'reject' },
): Promise<RegistrationReply> {
  const account = { username: input.username };
  if (input.decision === 'approve') {
    const approved = await approveRegistration(deps, { actor: input.actor, account });
    return { account: { username: approved.username, approved: true } };
  }
  await rejectRegistration(deps, { actor: input.actor, account });
  return { account: { username: input.username, approved: false } };
}
