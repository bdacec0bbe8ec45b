import {
  Limits,
  type EditableProfile,
  type SuggestionsReply,
  type User,
  type UserSummariesReply,
  type UsersReply,
} from '@sync/contract';
import type { Uris } from '../platform/uris/uris.js';
import type { Deps } from './shared/deps.js';
import * as follows from '../data/follows.repo.js';
import { Messages, notFound, recordNotFound } from '../platform/http/errors.js';
import type { PageQuery } from '../platform/http/pagination.js';
import { checkText, checkUrl } from './shared/text.js';
import { followViewer, summariesOf, userSummary } from '../read/views/sync/summaries.js';
import { listedPeople, withFollowState } from './shared/listed-people.js';
import { userView } from '../read/views/sync/users.js';
import { everyUser, userObject, userObjects, withOwnRole } from './shared/user-answers.js';
import * as users from '../data/users.repo.js';
import { timeOfId } from '../platform/db/ids.js';
import type { AccountRecord } from '../read/hydration/hydrator.js';
import { cursorPage, type CursorWindow, type PageBounds } from './shared/cursor-windows.js';
import { offsetPage } from './shared/offset-pages.js';
import { suggestedPeopleRows, visiblePeopleRows } from './shared/visible-rows.js';
import { hiddenFrom } from './shared/moderation-state.js';
import type { Role } from '../data/schema.js';

/** One function per endpoint of /api/users (bookmarks and follows have their own). */

/** The user and the profiles' version, for the people the answer lists. */
async function requireUserNamed(deps: Deps, username: string) {
  const found = await users.findUserAndProfilesVersion(deps.db, username);
  // An account waiting for approval is nobody's business but the moderators' yet.
  if (!found || found.user.pending_since) throw notFound(Messages.userNotFound(username));
  return found;
}

/** `GET /users`: a page in sign-up order, or the capped whole list. */
export async function listUsers(
  deps: Deps,
  input: { query: PageQuery; viewerId: string | undefined },
): Promise<UsersReply> {
  const request = deps.cursors.pageRequest(users.usersBySignup, input.query);
  if (!request) return { users: await everyUser(deps, input.viewerId) };
  const { items, nextCursor } = await deps.cursors.page(
    users.usersBySignup,
    request,
    (after, limit) => users.userPage(deps.db, after, limit),
    (row) => [row.created_at, row.id],
    visiblePeopleRows(deps, input.viewerId, (row) => row.id),
  );
  return { users: await userObjects(deps, items, input.viewerId), nextCursor };
}

/** `GET /users/suggestions` */
export async function suggestPeople(
  deps: Deps,
  input: { viewerId: string; limit: number },
): Promise<SuggestionsReply> {
  const rows = await suggestedPeople(deps, input);
  return {
    users: await withFollowState(
      deps,
      input.viewerId,
      rows.map((row) => ({ ...userSummary(row), bio: row.bio })),
    ),
  };
}

/**
 * The people Sync suggests to the viewer, those the viewer does not see or muted left out (and others
 * read instead).
 */
function suggestedPeople(deps: Deps, input: { viewerId: string; limit: number }) {
  return offsetPage(
    0,
    input.limit,
    (count) => users.suggestedUsers(deps.db, { viewerId: input.viewerId, limit: count }),
    suggestedPeopleRows(deps, input.viewerId, (row) => row.id),
  );
}

/**
 * A profile edit, checked: the fields given change, the others stay. Names change only through the
 * Mastodon API (a display name); Sync's own edit leaves them as they are.
 */
function checkedProfile(
  deps: Deps,
  viewer: users.UserRow,
  data: EditableProfile,
  names?: { first_name: string; last_name: string },
): Parameters<typeof users.updateProfile> {
  const changes = {
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
  return [deps.db, viewer.id, changes, checkedNames];
}

/** `POST /users/edit`: only the profile fields are taken; names, username, password, follows never change here. */
export async function editProfile(
  deps: Deps,
  input: { viewer: users.UserRow; data: EditableProfile; changedOnly: boolean },
): Promise<{ user: User } | { users: User[] }> {
  const { viewer } = input;
  const updated = await users.updateProfile(...checkedProfile(deps, viewer, input.data));
  if (input.changedOnly) return { user: await userObject(deps, updated, viewer.id) };
  return { users: await everyUser(deps, viewer.id) };
}

/** What a Mastodon app may change of a profile (`PATCH /api/v1/accounts/update_credentials`). */
export interface CredentialChanges {
  displayName?: string | undefined;
  note?: string | undefined;
  /** The profile's fields, all of them: those there were and are not sent are removed. */
  fields?: readonly { name: string; value: string }[] | undefined;
}

/** Field names people give their website and their town, in the apps' own words. */
const websiteField = /^(website|web|site|homepage|home page|link|links|url|blog)$/i;
const cityField = /^(city|location|town|place|based in|lives in)$/i;

/**
 * Sync's profile has one link and a city: a field named like a website, or whose value is a web
 * address, is the link (written without a scheme, https is meant); one named like a place, the city.
 * Other fields have nowhere to go on Sync and are left out.
 */
function profileOfFields(fields: readonly { name: string; value: string }[]): {
  links: string;
  city: string;
} {
  let links = '';
  let city = '';
  for (const field of fields) {
    const name = field.name.trim();
    const value = field.value.trim();
    if (value === '') continue;
    if (links === '' && (websiteField.test(name) || /^https?:\/\//i.test(value))) {
      links = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
    } else if (city === '' && cityField.test(name)) {
      city = value;
    }
  }
  return { links, city };
}

/**
 * A display name as Sync's two names: the last word is the last name, the words before it the first
 * name (a single word is a first name alone). Shown again, they make the same display name.
 */
function namesOfDisplayName(displayName: string): { first_name: string; last_name: string } {
  const words = displayName.trim().split(/\s+/);
  const last = words.length > 1 ? words.pop()! : '';
  return { first_name: words.join(' '), last_name: last };
}

const displayNameOf = (user: users.UserRow) => `${user.first_name} ${user.last_name}`.trim();

/**
 * `PATCH /api/v1/accounts/update_credentials`: `display_name` → first and last name, `note` → bio,
 * `fields_attributes` → link and city, through the checks of Sync's own profile edit (a refusal is
 * Mastodon's 422). A display name sent as it already is leaves the names as they are.
 */
export async function updateCredentials(
  deps: Deps,
  input: { viewer: users.UserRow; changes: CredentialChanges },
): Promise<AccountRecord> {
  const { viewer, changes } = input;
  const displayName = changes.displayName?.trim().replace(/\s+/g, ' ');
  const names =
    displayName === undefined || displayName === displayNameOf(viewer)
      ? undefined
      : namesOfDisplayName(displayName);
  const fields = changes.fields && profileOfFields(changes.fields);
  // A multipart body (how apps send this) carries line breaks as CRLF: Sync's texts keep LF.
  const note = changes.note?.replace(/\r\n?/g, '\n');
  const checked = checkedProfile(
    deps,
    viewer,
    { bio: note, links: fields?.links, city: fields?.city },
    names,
  );
  await users.updateProfile(...checked);
  return requireAccount(deps, viewer.id);
}

/**
 * `GET /api/v1/accounts/:id`, and the account of every route about one: an id that is not one of
 * Sync's names nobody (404 as an unknown one does).
 */
export async function requireAccount(deps: Deps, id: string): Promise<AccountRecord> {
  const record = timeOfId(id) ? (await deps.hydrator.accounts([id])).get(id) : undefined;
  if (!record) throw recordNotFound();
  return record;
}

/**
 * `GET /api/v1/accounts/:id` and the routes about someone else's account: a suspended account is not
 * there (404), but for the staff.
 */
export async function visibleAccount(
  deps: Deps,
  id: string,
  viewerRole: Role | undefined,
): Promise<AccountRecord> {
  const record = await requireAccount(deps, id);
  if (hiddenFrom(record.user, viewerRole, deps.clock.now())) throw recordNotFound();
  return record;
}

/** `GET /api/v1/accounts?id[]=…`: the accounts that exist (and are shown), in the order asked, each once. */
export async function getAccounts(
  deps: Deps,
  input: { ids: readonly string[]; viewerRole: Role | undefined },
): Promise<AccountRecord[]> {
  const ids = [...new Set(input.ids)].filter((id) => timeOfId(id));
  const records = await deps.hydrator.accounts(ids);
  const now = deps.clock.now();
  return ids.flatMap((id) => {
    const record = records.get(id);
    return record && !hiddenFrom(record.user, input.viewerRole, now) ? [record] : [];
  });
}

/**
 * `GET /api/v1/accounts/lookup?acct=`: a username, `@username`, or `username@host` when the host is
 * this server's (everyone is local); anything else is nobody.
 */
export async function lookupAccount(
  deps: Deps,
  input: { acct: string; uris: Uris; viewerRole: Role | undefined },
): Promise<AccountRecord> {
  const [username, domain, extra] = input.acct.trim().replace(/^@/, '').split('@');
  const local = domain === undefined || input.uris.isLocal(domain);
  const row =
    username && local && extra === undefined ? await users.findUserByUsername(deps.db, username) : undefined;
  if (!row || row.pending_since) throw recordNotFound();
  return visibleAccount(deps, row.id, input.viewerRole);
}

/**
 * `GET /api/v1/accounts/:id/followers|following`: by follow time, newest first, in a window of Sync's
 * own signed cursors (those of `/api/users/:username/followers`, over the same relation pages).
 */
export async function accountRelation(
  deps: Deps,
  input: {
    accountId: string;
    relation: follows.Relation;
    window: CursorWindow;
    viewerId: string | undefined;
    viewerRole: Role | undefined;
  },
): Promise<{ accounts: AccountRecord[]; bounds: PageBounds }> {
  const { accountId, relation } = input;
  await visibleAccount(deps, accountId, input.viewerRole);
  const { rows, bounds } = await cursorPage(
    deps,
    { ...follows.relationOrder, scope: `${relation}:${accountId}` },
    input.window,
    (window) => follows.relationPage(deps.db, accountId, relation, window.olderThan, window.limit, window),
    (row) => [row.created_at, row.user_id],
    visiblePeopleRows(deps, input.viewerId, (row) => row.user_id),
  );
  const records = await deps.hydrator.accounts(rows.map((row) => row.user_id));
  return { accounts: rows.flatMap((row) => records.get(row.user_id) ?? []), bounds };
}

/** `GET /api/v2/suggestions`: the people Sync suggests (most followed whom the viewer does not follow). */
export async function suggestedAccounts(
  deps: Deps,
  input: { viewerId: string; limit: number },
): Promise<AccountRecord[]> {
  const rows = await suggestedPeople(deps, input);
  const records = await deps.hydrator.accounts(rows.map((row) => row.id));
  return rows.flatMap((row) => records.get(row.id) ?? []);
}

/**
 * `GET /users/:username`: the whole user object, or (?preview=true) the latest few on each list and
 * `viewer`. A suspended account is not there, but for the staff.
 */
export async function getUser(
  deps: Deps,
  input: { username: string; viewerId: string | undefined; viewerRole: Role | undefined; preview: boolean },
): Promise<{ user: User }> {
  const { user: row, profilesVersion } = await requireUserNamed(deps, input.username);
  if (hiddenFrom(row, input.viewerRole, deps.clock.now()))
    throw notFound(Messages.userNotFound(input.username));
  if (!input.preview) return { user: await userObject(deps, row, input.viewerId, profilesVersion) };
  const { followers, following, state } = await follows.relationLists(deps.db, deps.dialect, {
    lists: [
      { relation: 'followers', userIds: [row.id], limit: Limits.previewSize },
      { relation: 'following', userIds: [row.id], limit: Limits.previewSize },
    ],
    order: 'newest',
    stateOf: input.viewerId ? { viewerId: input.viewerId, userIds: [row.id] } : undefined,
  });
  // Someone the viewer does not see is on neither list for them; the counts stay as stored.
  const rules = await deps.hydrator.rules(input.viewerId);
  const ids = [...followers, ...following]
    .map((entry) => entry.user_id)
    .filter((id) => rules.seesAccount(id));
  const people = await deps.hydrator.peopleByIds(ids, profilesVersion);
  const user = userView(
    row,
    {
      followers: summariesOf(
        followers.map((entry) => entry.user_id),
        people,
      ),
      following: summariesOf(
        following.map((entry) => entry.user_id),
        people,
      ),
      bookmarks: [],
    },
    row.id === input.viewerId,
  );
  return {
    user: { ...withOwnRole(user, row, input.viewerId), viewer: followViewer(state, row.id) },
  };
}

/** `GET /users/:username/followers|following`: most recent first, a page at a time. */
export async function listRelation(
  deps: Deps,
  input: { username: string; relation: follows.Relation; query: PageQuery; viewerId: string | undefined },
): Promise<UserSummariesReply> {
  const { user, profilesVersion } = await requireUserNamed(deps, input.username);
  const kind = { ...follows.relationOrder, scope: `${input.relation}:${user.id}` };
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    kind,
    input.query,
    (after, limit) => follows.relationPage(deps.db, user.id, input.relation, after, limit),
    (row) => [row.created_at, row.user_id],
    visiblePeopleRows(deps, input.viewerId, (row) => row.user_id),
  );
  const ids = items.map((row) => row.user_id);
  return { users: await listedPeople(deps, ids, input.viewerId, profilesVersion), nextCursor };
}
