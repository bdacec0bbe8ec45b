import type { Deps } from './deps.js';
import { ActOnSelf, NotFound } from './domain-errors.js';
import * as blocks from '../../data/blocks.repo.js';
import * as follows from '../../data/follows.repo.js';
import * as mutes from '../../data/mutes.repo.js';
import * as users from '../../data/users.repo.js';
import { timeOfId } from '../../platform/db/ids.js';
import type { RelationshipState } from '../../read/views/relationship-state.js';

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

/** The person a username names (Sync's API asks for people by username). */
export async function personNamed(deps: Deps, username: string): Promise<users.UserRow> {
  const user = await users.findUserByUsername(deps.db, username);
  if (!user) throw new NotFound({ thing: 'person', name: username });
  return user;
}

/** The person an id names (the Mastodon API asks for accounts by id); what is not an id names nobody. */
export async function personWithId(deps: Deps, id: string): Promise<users.UserRow> {
  const user = timeOfId(id) ? await users.findUserById(deps.db, id) : undefined;
  if (!user) throw new NotFound({ thing: 'person', name: id });
  return user;
}

/** The person a block or a mute (or taking one back) names, who is never the viewer. */
export function otherThanViewer(
  viewerId: string,
  target: users.UserRow,
  act: ActOnSelf['act'],
): users.UserRow {
  if (target.id === viewerId) throw new ActOnSelf(act);
  return target;
}
