import {
  Limits,
  type EditableProfile,
  type SuggestionsReply,
  type User,
  type UserSummariesReply,
  type UsersReply,
} from '@sync/contract';
import type { Deps } from '../shared/deps.js';
import * as follows from '../../data/follows.repo.js';
import { Messages, notFound } from '../../platform/http/errors.js';
import type { PageQuery } from '../../platform/http/pagination.js';
import { followViewer, summariesOf, userSummary } from '../../read/views/sync/summaries.js';
import { listedPeople, withFollowState } from './listed-people.js';
import { userView } from '../../read/views/sync/users.js';
import { everyUser, userObject, userObjects, withOwnRole } from './user-answers.js';
import * as users from '../../data/users.repo.js';
import { visiblePeopleRows } from '../shared/visible-rows.js';
import { hiddenFrom } from '../shared/moderation-state.js';
import type { Role } from '../../data/schema.js';
import { suggestedPeople, changeProfile } from '../shared/users.js';

/** One function per endpoint of /api/users (bookmarks and follows have their own). */

/** The user an answer is about. */
async function requireUserNamed(deps: Deps, username: string) {
  const found = await users.findUserByUsername(deps.db, username);
  // An account waiting for approval is nobody's business but the moderators' yet.
  if (!found || found.pending_since) throw notFound(Messages.userNotFound(username));
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

/** `POST /users/edit`: only the profile fields are taken; names, username, password, follows never change here. */
export async function editProfile(
  deps: Deps,
  input: { viewer: users.UserRow; data: EditableProfile; changedOnly: boolean },
): Promise<{ user: User } | { users: User[] }> {
  const { viewer } = input;
  const updated = await changeProfile(deps, viewer, input.data);
  if (input.changedOnly) return { user: await userObject(deps, updated, viewer.id) };
  return { users: await everyUser(deps, viewer.id) };
}

/**
 * `GET /users/:username`: the whole user object, or (?preview=true) the latest few on each list and
 * `viewer`. A suspended account is not there, but for the staff.
 */
export async function getUser(
  deps: Deps,
  input: { username: string; viewerId: string | undefined; viewerRole: Role | undefined; preview: boolean },
): Promise<{ user: User }> {
  const row = await requireUserNamed(deps, input.username);
  if (hiddenFrom(row, input.viewerRole, deps.clock.now()))
    throw notFound(Messages.userNotFound(input.username));
  if (!input.preview) return { user: await userObject(deps, row, input.viewerId) };
  const { followers, following, state, versions } = await follows.relationLists(deps.db, deps.dialect, {
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
  const people = await deps.hydrator.peopleByIds(ids, versions);
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
  const user = await requireUserNamed(deps, input.username);
  const kind = { ...follows.relationOrder, scope: `${input.relation}:${user.id}` };
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    kind,
    input.query,
    (after, limit) => follows.relationPage(deps.db, user.id, input.relation, after, limit),
    (row) => [row.created_at, row.user_id],
    visiblePeopleRows(deps, input.viewerId, (row) => row.user_id),
  );
  const ids = items.map((row) => row.user_id);
  const versions = new Map(items.map((row) => [row.user_id, row.version]));
  return { users: await listedPeople(deps, ids, input.viewerId, versions), nextCursor };
}
