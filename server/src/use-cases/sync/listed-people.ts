import type { ListedPerson, UserSummary } from '@sync/contract';
import type { Deps } from '../shared/deps.js';
import * as follows from '../../data/follows.repo.js';
import { followViewer, summariesOf } from '../../read/views/sync/summaries.js';

/**
 * The viewer's follows both ways with these people, for a list of them ("Follows you", Follow or
 * UnFollow on each row): one statement for the whole page, never one per row, never cached (the
 * viewer's own state). Nobody signed in: nothing to read.
 */
function followStateOf(
  deps: Deps,
  viewerId: string | undefined,
  ids: readonly string[],
): Promise<follows.FollowState> | undefined {
  if (viewerId === undefined || ids.length === 0) return undefined;
  return follows
    .relationLists(deps.db, deps.dialect, { lists: [], order: 'newest', stateOf: { viewerId, userIds: ids } })
    .then(({ state }) => state);
}

function withViewer<T extends UserSummary>(
  people: readonly T[],
  state: follows.FollowState | undefined,
): (T & Pick<ListedPerson, 'viewer'>)[] {
  return state
    ? people.map((person) => ({ ...person, viewer: followViewer(state, person._id) }))
    : [...people];
}

/**
 * A page of a list of people (followers, likers…) by id, in order, with the viewer's follows;
 * `versions` of their accounts when the page read them (see `Hydrator.peopleByIds`).
 */
export async function listedPeople(
  deps: Deps,
  ids: readonly string[],
  viewerId: string | undefined,
  versions?: ReadonlyMap<string, number>,
): Promise<ListedPerson[]> {
  const [people, state] = await Promise.all([
    deps.hydrator.peopleByIds(ids, versions),
    followStateOf(deps, viewerId, ids),
  ]);
  return withViewer(summariesOf(ids, people), state);
}

/** People already read (suggestions, search results), with the viewer's follows. */
export async function withFollowState<T extends UserSummary>(
  deps: Deps,
  viewerId: string | undefined,
  people: readonly T[],
): Promise<(T & Pick<ListedPerson, 'viewer'>)[]> {
  return withViewer(
    people,
    await followStateOf(
      deps,
      viewerId,
      people.map((person) => person._id),
    ),
  );
}
