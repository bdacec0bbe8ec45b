import type { RelationshipReply } from '@sync/contract';
import type { Deps } from './deps.js';
import { recordNotFound } from './record-not-found.js';
import * as blocks from '../../data/blocks.repo.js';
import * as follows from '../../data/follows.repo.js';
import * as mutes from '../../data/mutes.repo.js';
import * as users from '../../data/users.repo.js';
import { timeOfId } from '../../platform/db/ids.js';
import { HttpError, Messages, notFound } from '../../platform/http/errors.js';
import type { RelationshipState } from '../../read/views/relationship-state.js';
import { relationshipView } from '../../read/views/sync/relationships.js';

/** The accounts asked about that exist, each once, in the order asked, and how the viewer stands with them. */
export interface Relationships {
  ids: string[];
  state: RelationshipState;
}

/**
 * How the viewer stands with these people (Mastodon's Relationship, Sync's `relationship`); the follow,
 * block and mute use cases answer with it after a change.
 */
export async function relationshipState(
  deps: Deps,
  viewerId: string,
  ids: readonly string[],
): Promise<RelationshipState> {
  const [{ state }, blockState, muted, repostsHidden] = await Promise.all([
    follows.relationLists(deps.db, deps.dialect, {
      lists: [],
      order: 'newest',
      stateOf: { viewerId, userIds: ids },
    }),
    blocks.blockStateAmong(deps.db, viewerId, ids),
    mutes.activeMutesAmong(deps.db, deps.dialect, viewerId, ids, deps.clock.now().toISOString()),
    follows.repostsHiddenAmong(deps.db, deps.dialect, viewerId, ids),
  ]);
  return {
    follows: state,
    blocks: blockState,
    mutes: new Map(muted.map((mute) => [mute.muted_id, mute])),
    repostsHidden,
  };
}

/** Ids that can name an account: Sync's (UUIDv7), each once; anything else names nobody. */
export const accountIdsOf = (ids: readonly string[]) => [...new Set(ids)].filter((id) => timeOfId(id));

/** `GET /api/v1/accounts/relationships?id[]=…` and the answer of a change to one: unknown ids are left out. */
export async function relationships(
  deps: Deps,
  input: { viewerId: string; ids: readonly string[] },
): Promise<Relationships> {
  const asked = accountIdsOf(input.ids);
  const [people, state] = await Promise.all([
    deps.hydrator.peopleByIds(asked),
    relationshipState(deps, input.viewerId, asked),
  ]);
  return { ids: asked.filter((id) => people.has(id)), state };
}

/** Someone a person asks about or acts on: by username (Sync's API) or by id (the Mastodon API). */
export type Person = { username: string } | { id: string };

/** The person asked about: an unknown one is a 404, in Sync's words for a username and Mastodon's for an id. */
export async function requirePerson(deps: Deps, person: Person): Promise<users.UserRow> {
  if ('username' in person) {
    const user = await users.findUserByUsername(deps.db, person.username);
    if (!user) throw notFound(Messages.userNotFound(person.username));
    return user;
  }
  const user = timeOfId(person.id) ? await users.findUserById(deps.db, person.id) : undefined;
  if (!user) throw recordNotFound();
  return user;
}

/** The person a block or a mute (or taking one back) names: as `requirePerson`, and never oneself (422). */
export async function targetOf(
  deps: Deps,
  viewerId: string,
  person: Person,
  act: 'block' | 'mute',
): Promise<users.UserRow> {
  const target = await requirePerson(deps, person);
  if (target.id === viewerId) throw new HttpError(422, `You cannot ${act} or un${act} yourself.`);
  return target;
}

/** Sync's answer about how the viewer and one person stand. */
export async function relationshipAnswer(
  deps: Deps,
  viewerId: string,
  user: { id: string; username: string },
): Promise<RelationshipReply> {
  return { relationship: relationshipView(user, await relationshipState(deps, viewerId, [user.id])) };
}
