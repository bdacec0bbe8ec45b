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

function modeOf(stored: Map<string, string>): RegistrationsMode {
  const mode = stored.get('registrations_mode');
  return modes.find((known) => known === mode) ?? 'open';
}

export async function instanceSettings(db: Db, defaults: InstanceConfig): Promise<InstanceSettings> {
  const stored = await readSettings(db);
  return {
    title: stored.get('title') ?? defaults.title,
    description: stored.get('description') ?? defaults.description,
    contactEmail: stored.get('contact_email') ?? '',
    registrationsMode: modeOf(stored),
    registrationsMessage: stored.get('registrations_message') ?? '',
  };
}

/** Who may sign up now. */
export const currentRegistrationsMode = async (db: Db): Promise<RegistrationsMode> =>
  modeOf(await readSettings(db));
