import {
  Limits,
  type EditableProfile,
  type SuggestionsReply,
  type User,
  type UserSummariesReply,
  type UsersReply,
} from '@sync/contract';
import type { Deps } from './shared/deps.js';
import * as follows from '../data/follows.repo.js';
import { Messages, notFound } from '../platform/http/errors.js';
import type { PageQuery } from '../platform/http/pagination.js';
import { checkText, checkUrl } from './shared/text.js';
import { summariesOf, userSummary } from '../read/views/sync/summaries.js';
import { userView } from '../read/views/sync/users.js';
import { everyUser, userObject, userObjects } from './shared/user-answers.js';
import * as users from '../data/users.repo.js';

/** One function per endpoint of /api/users (bookmarks and follows have their own). */

/** The user and the profiles' version, for the people the answer lists. */
async function requireUserNamed(deps: Deps, username: string) {
  const found = await users.findUserAndProfilesVersion(deps.db, username);
  if (!found) throw notFound(Messages.userNotFound(username));
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
  );
  return { users: await userObjects(deps, items, input.viewerId), nextCursor };
}

/** `GET /users/suggestions` */
export async function suggestPeople(
  deps: Deps,
  input: { viewerId: string; limit: number },
): Promise<SuggestionsReply> {
  const rows = await users.suggestedUsers(deps.db, input);
  return { users: rows.map((row) => ({ ...userSummary(row), bio: row.bio })) };
}

/** `POST /users/edit`: only the profile fields are taken; names, username, password, follows never change here. */
export async function editProfile(
  deps: Deps,
  input: { viewer: users.UserRow; data: EditableProfile; changedOnly: boolean },
): Promise<{ user: User } | { users: User[] }> {
  const { viewer, data } = input;
  const updated = await users.updateProfile(deps.db, viewer.id, {
    bio:
      data.bio === undefined
        ? viewer.bio
        : checkText(data.bio, { label: 'Bio', max: Limits.bio, required: false }),
    links: data.links === undefined ? viewer.links : checkUrl(data.links, { label: 'Link', max: Limits.url }),
    city:
      data.city === undefined
        ? viewer.city
        : checkText(data.city, { label: 'City', max: Limits.city, required: false }),
    avatar_url:
      data.avatarURL === undefined
        ? viewer.avatar_url
        : checkUrl(data.avatarURL, { label: 'Avatar URL', max: Limits.url }),
    updated_at: deps.clock.now().toISOString(),
  });
  if (input.changedOnly) return { user: await userObject(deps, updated, viewer.id) };
  return { users: await everyUser(deps, viewer.id) };
}

/** `GET /users/:username`: the whole user object, or (?preview=true) the latest few on each list and `viewer`. */
export async function getUser(
  deps: Deps,
  input: { username: string; viewerId: string | undefined; preview: boolean },
): Promise<{ user: User }> {
  const { user: row, profilesVersion } = await requireUserNamed(deps, input.username);
  if (!input.preview) return { user: await userObject(deps, row, input.viewerId, profilesVersion) };
  const { followers, following, state } = await follows.relationLists(deps.db, deps.dialect, {
    lists: [
      { relation: 'followers', userIds: [row.id], limit: Limits.previewSize },
      { relation: 'following', userIds: [row.id], limit: Limits.previewSize },
    ],
    order: 'newest',
    stateOf: input.viewerId ? { viewerId: input.viewerId, userIds: [row.id] } : undefined,
  });
  const ids = [...followers, ...following].map((entry) => entry.user_id);
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
  return { user: { ...user, viewer: { follows: state.follows.has(row.id) } } };
}

/** `GET /users/:username/followers|following`: most recent first, a page at a time. */
export async function listRelation(
  deps: Deps,
  input: { username: string; relation: follows.Relation; query: PageQuery },
): Promise<UserSummariesReply> {
  const { user, profilesVersion } = await requireUserNamed(deps, input.username);
  const kind = { ...follows.relationOrder, scope: `${input.relation}:${user.id}` };
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    kind,
    input.query,
    (after, limit) => follows.relationPage(deps.db, user.id, input.relation, after, limit),
    (row) => [row.created_at, row.user_id],
  );
  const ids = items.map((row) => row.user_id);
  const people = await deps.hydrator.peopleByIds(ids, profilesVersion);
  return { users: summariesOf(ids, people), nextCursor };
}
