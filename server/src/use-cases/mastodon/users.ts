import type { Uris } from '../../platform/uris/uris.js';
import type { Deps } from '../shared/deps.js';
import * as follows from '../../data/follows.repo.js';
import { recordNotFound } from '../../platform/http/errors.js';
import * as users from '../../data/users.repo.js';
import { timeOfId } from '../../platform/db/ids.js';
import type { AccountRecord } from '../../read/hydration/hydrator.js';
import { cursorPage, type CursorWindow, type PageBounds } from '../shared/cursor-windows.js';
import { visiblePeopleRows } from '../shared/visible-rows.js';
import { hiddenFrom } from '../shared/moderation-state.js';
import type { Role } from '../../data/schema.js';
import { suggestedPeople, changeProfile } from '../shared/users.js';

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
  await changeProfile(deps, viewer, { bio: note, links: fields?.links, city: fields?.city }, names);
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
