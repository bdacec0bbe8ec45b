import { Limits, type EditableProfile } from '@sync/contract';
import type { Deps } from './deps.js';
import { checkText, checkUrl } from './text.js';
import { commit } from './commit.js';
import * as accounts from '../../data/accounts.repo.js';
import * as users from '../../data/users.repo.js';
import { offsetPage } from './offset-pages.js';
import { suggestedPeopleRows } from './visible-rows.js';

/**
 * The people Sync suggests to the viewer, those the viewer does not see or muted left out (and others
 * read instead).
 */
export function suggestedPeople(deps: Deps, input: { viewerId: string; limit: number }) {
  return offsetPage(
    0,
    input.limit,
    (count) => accounts.suggestedUsers(deps.db, { viewerId: input.viewerId, limit: count }),
    suggestedPeopleRows(deps, input.viewerId, (row) => row.id),
  );
}

/**
 * A profile edit: the fields given change, the others stay, and the account's version moves with them.
 * Names change only through the Mastodon API (a display name); Sync's own edit leaves them as they are.
 * The person as they are after.
 */
export function changeProfile(
  deps: Deps,
  viewer: users.UserRow,
  data: EditableProfile,
  names?: { first_name: string; last_name: string },
): Promise<users.UserRow> {
  const changes = checkedProfile(deps, viewer, data, names);
  return commit(deps, async (trx, effects) => {
    const person = await accounts.updateProfile(trx, viewer.id, changes);
    await effects.accountChanged([viewer.id]);
    return person;
  });
}

/** A profile edit's fields and names, checked. */
function checkedProfile(
  deps: Deps,
  viewer: users.UserRow,
  data: EditableProfile,
  names?: { first_name: string; last_name: string },
): accounts.ProfileChanges {
  const fields = {
    bio:
      data.bio === undefined
        ? viewer.bio
        : checkText(data.bio, { label: 'Bio', max: Limits.bio, required: false, aboutPerson: 'paragraphs' }),
    links: data.links === undefined ? viewer.links : checkUrl(data.links, { label: 'Link', max: Limits.url }),
    city:
      data.city === undefined
        ? viewer.city
        : checkText(data.city, { label: 'City', max: Limits.city, required: false, aboutPerson: 'line' }),
    avatar_url:
      data.avatarURL === undefined
        ? viewer.avatar_url
        : checkUrl(data.avatarURL, { label: 'Avatar URL', max: Limits.url }),
    updated_at: deps.clock.now().toISOString(),
  };
  const checkedNames = names && {
    first_name: checkText(names.first_name, {
      label: 'First name',
      max: Limits.name,
      required: true,
      aboutPerson: 'line',
    }),
    last_name: checkText(names.last_name, {
      label: 'Last name',
      max: Limits.name,
      required: false,
      aboutPerson: 'line',
    }),
  };
  return { fields, names: checkedNames };
}
