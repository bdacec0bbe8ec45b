import { MediaLimits, type MediaConfiguration } from '@sync/contract';
import { acceptedImageTypes } from '../../platform/media/image-types.js';
import { type InstanceRule, type RegistrationsMode } from '@sync/contract';
import * as instance from '../../data/instance.repo.js';
import * as users from '../../data/users.repo.js';
import type { Deps } from './deps.js';
import { currentRegistrationsMode } from './instance-settings.js';
import { roles } from './roles.js';

/** Who may sign up (NodeInfo's `openRegistrations`). */
export const registrationsMode = (deps: Deps): Promise<RegistrationsMode> =>
  currentRegistrationsMode(deps.db);

// ---- the About page, the rules and the settings (Moderation → Rules, Settings, Email domains) ----

/** The owner shown on the About page and to apps, and the other people who run the server. */
export async function staff(deps: Deps) {
  const accounts = await users.staffAccounts(deps.db);
  const owner = accounts.find((account) => account.role === 'owner');
  const others = accounts
    .filter((account) => account !== owner)
    .sort((a, b) => roles.indexOf(a.role) - roles.indexOf(b.role));
  return { owner, others };
}

export const ruleView = (row: instance.RuleRow): InstanceRule => ({
  id: row.id,
  text: row.text,
  hint: row.hint,
});

/** The rules in force, in their order: on the About and sign-up pages, and cited by reports. */
export async function rules(deps: Deps): Promise<InstanceRule[]> {
  return (await instance.activeRules(deps.db)).map(ruleView);
}

/** What an upload may be, for a client to refuse a file before sending it. */
export function mediaConfiguration(deps: Deps): MediaConfiguration {
  const { config } = deps.media;
  return {
    maxPerPost: config.maxPerPost,
    maxBytes: config.maxBytes,
    maxPixels: config.maxPixels,
    descriptionMax: MediaLimits.descriptionMax,
    types: Object.keys(acceptedImageTypes),
  };
}
