import type { EmailConfirmation, InstanceSettings, RegistrationsMode } from '@sync/contract';
import type { InstanceConfig } from '../../config.js';
import type { Db } from '../../data/database.js';
import { readSettings } from '../../data/instance.repo.js';
import type { UserRow } from '../../data/users.repo.js';

/**
 * The instance's settings as the admins set them (Moderation → Settings), each falling back to its
 * default while unset: the title and description to INSTANCE_TITLE and INSTANCE_DESCRIPTION, sign-ups
 * to open (as they were before there were settings), email confirmation to optional.
 */

const modes: readonly RegistrationsMode[] = ['open', 'approval', 'invite', 'closed'];

function modeOf(stored: Map<string, string>): RegistrationsMode {
  const mode = stored.get('registrations_mode');
  return modes.find((known) => known === mode) ?? 'open';
}

const confirmations: readonly EmailConfirmation[] = ['required', 'optional', 'off'];

function confirmationOf(stored: Map<string, string>): EmailConfirmation {
  const value = stored.get('email_confirmation');
  return confirmations.find((known) => known === value) ?? 'optional';
}

export async function instanceSettings(db: Db, defaults: InstanceConfig): Promise<InstanceSettings> {
  const stored = await readSettings(db);
  return {
    title: stored.get('title') ?? defaults.title,
    description: stored.get('description') ?? defaults.description,
    contactEmail: stored.get('contact_email') ?? '',
    registrationsMode: modeOf(stored),
    registrationsMessage: stored.get('registrations_message') ?? '',
    emailConfirmation: confirmationOf(stored),
  };
}

/** Who may sign up now. */
export const currentRegistrationsMode = async (db: Db): Promise<RegistrationsMode> =>
  modeOf(await readSettings(db));

/** Whether new accounts confirm their address, and the demo's shared guest, if any. */
export async function accountSettings(
  db: Db,
): Promise<{ emailConfirmation: EmailConfirmation; sharedGuestId: string | undefined }> {
  const stored = await readSettings(db);
  return { emailConfirmation: confirmationOf(stored), sharedGuestId: stored.get('shared_guest') };
}

/**
 * Whether the account may not act until its address is confirmed (`required` confirmation); an account
 * that never had an address never could, so switching it on locks nobody out.
 */
export async function mustConfirmEmail(db: Db, user: UserRow): Promise<boolean> {
  if (!user.email || user.email_confirmed_at) return false;
  return (await accountSettings(db)).emailConfirmation === 'required';
}
