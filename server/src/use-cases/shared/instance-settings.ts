import type { InstanceSettings, RegistrationsMode } from '@sync/contract';
import type { InstanceConfig } from '../../config.js';
import type { Db } from '../../data/database.js';
import { readSettings } from '../../data/instance.repo.js';

/**
 * The instance's settings as the admins set them (Moderation → Settings), each falling back to its
 * default while unset: the title and description to INSTANCE_TITLE and INSTANCE_DESCRIPTION, sign-ups
 * to open (as they were before there were settings).
 */

const modes: readonly RegistrationsMode[] = ['open', 'approval', 'invite', 'closed'];
const isMode = (value: string | undefined): value is RegistrationsMode =>
  modes.some((mode) => mode === value);

export async function instanceSettings(db: Db, defaults: InstanceConfig): Promise<InstanceSettings> {
  const stored = await readSettings(db);
  const mode = stored.get('registrations_mode');
  return {
    title: stored.get('title') ?? defaults.title,
    description: stored.get('description') ?? defaults.description,
    contactEmail: stored.get('contact_email') ?? '',
    registrationsMode: isMode(mode) ? mode : 'open',
    registrationsMessage: stored.get('registrations_message') ?? '',
  };
}

/** Who may sign up, and what the sign-up page says about it. */
export async function registrations(db: Db): Promise<{ mode: RegistrationsMode; message: string }> {
  const stored = await readSettings(db);
  const mode = stored.get('registrations_mode');
  return { mode: isMode(mode) ? mode : 'open', message: stored.get('registrations_message') ?? '' };
}
