import type { UserRow } from '../../data/users.repo.js';
import { NotAllowed } from './domain-errors.js';
import type { Deps } from './deps.js';
import { accountSettings } from './instance-settings.js';

/**
 * The demo's shared guest (Guest Login) is everyone's: nobody may lock the others out of it or take it
 * away. Each refusal says what cannot be done.
 */
export const sharedGuestRefusals = {
  password: 'The shared guest account cannot change its password.',
  email: 'The shared guest account cannot change its email address.',
  delete: 'The shared guest account cannot be deleted.',
  apps: 'The shared guest account cannot authorize apps: sign up for an account of your own to use one.',
} as const;

export const isSharedGuest = async (deps: Deps, userId: string): Promise<boolean> =>
  (await accountSettings(deps.db)).sharedGuestId === userId;

/** Not allowed when `user` is the shared guest. */
export async function refuseSharedGuest(
  deps: Deps,
  user: Pick<UserRow, 'id'>,
  what: keyof typeof sharedGuestRefusals,
): Promise<void> {
  if (await isSharedGuest(deps, user.id)) throw new NotAllowed(sharedGuestRefusals[what]);
}
