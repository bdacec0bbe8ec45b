import type { Preferences, PreferencesBody, PreferencesReply } from '@sync/contract';
import type { UserRow } from '../../data/users.repo.js';
import * as users from '../../data/users.repo.js';
import type { Deps } from './deps.js';
import { NotFound } from './domain-errors.js';

/**
 * `GET|PUT /account/preferences` (and a Mastodon app's `source[quote_policy]`): the signed-in person's
 * defaults for what they write. Read from the row itself, not the viewer row a request may reuse for a
 * moment (recent-viewers), so a PUT is seen by the next GET.
 */

export const preferencesOf = (user: Pick<UserRow, 'quote_policy'>): Preferences => ({
  quotePolicy: user.quote_policy,
});

export async function getPreferences(deps: Deps, input: { viewerId: string }): Promise<PreferencesReply> {
  const user = await users.findUserById(deps.db, input.viewerId);
  if (!user) throw new NotFound({ thing: 'viewer', id: input.viewerId });
  return { preferences: preferencesOf(user) };
}

/** Changes what the body names; the preferences as they are after. */
export async function changePreferences(
  deps: Deps,
  input: { viewerId: string; body: PreferencesBody },
): Promise<PreferencesReply> {
  const { quotePolicy } = input.body;
  if (quotePolicy === undefined) return getPreferences(deps, input);
  const user = await users.setQuotePolicy(deps.db, input.viewerId, quotePolicy);
  if (!user) throw new NotFound({ thing: 'viewer', id: input.viewerId });
  return { preferences: preferencesOf(user) };
}
