import type { OnboardedReply } from '@sync/contract';
import { markOnboarded } from '../../data/users.repo.js';
import { Messages, notFound } from '../../platform/http/errors.js';
import type { Deps } from '../shared/deps.js';

/**
 * `POST /account/onboarding`: the web client's welcome was finished or skipped (docs/decisions/101).
 * Saying it again changes nothing: the first time is kept.
 */
export async function finishOnboarding(deps: Deps, input: { viewerId: string }): Promise<OnboardedReply> {
  const at = deps.clock.now().toISOString();
  if (!(await markOnboarded(deps.db, input.viewerId, at))) throw notFound(Messages.userNotRegistered);
  return { onboarded: true };
}
