import { sql } from 'kysely';
import type { Db, Dialect } from './database.js';
import { firstPerGroup } from '../platform/db/first-per-group.js';
import { isOneOf, loadInChunks } from '../platform/db/chunks.js';
import { preparedOnPostgres } from '../platform/db/prepared.js';
import { cursorKind, type CursorKey } from '../platform/db/keyset.js';

/** The `follows` table. */

export type Relation = 'followers' | 'following';
export const relationOrder = cursorKind('relation', ['string', 'string']);

/** The two columns of a relation: whose list it is, and who is on it. */
const sides = {
  followers: { owner: 'followee_id', member: 'follower_id' },
  following: { owner: 'follower_id', member: 'followee_id' },
} as const;

/** False when already following. Counts are the caller's (users.repo), in the same transaction. */
export async function insertFollow(trx: Db, followerId: string, followeeId: string, at: string) {
  const inserted = await trx
    .insertInto('follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: at })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .executeTakeFirst();
  return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** False when not following. */
export async function deleteFollow(trx: Db, followerId: string, followeeId: string) {
  const deleted = await trx
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

type RelationKey = CursorKey<typeof relationOrder.shape>;

/**
 * The version of the account on a list (`follows.<member>`), read with the list: the summaries kept of
 * the people a list shows are checked by it (docs/decisions/126), so a warm list reads no accounts in a
 * statement of their own. The one read of `accounts` here: a key lookup per entry.
 */
const memberVersion = (member: string) =>
  sql<number>`(select version from accounts where accounts.id = ${sql.ref(`follows.${member}`)})`;

/**
 * One page of a user's followers or of the users they follow, most recent first. A Mastodon app may
 * bound it from above too (`newerThan`, its `since_id` or `min_id`) and ask for the oldest of those
 * first (`min_id`: the page just above the key).
 */
export function relationPage(
  db: Db,
  userId: string,
  relation: Relation,
  after: RelationKey | undefined,
  limit: number,
  { newerThan, oldestFirst }: { newerThan?: RelationKey | undefined; oldestFirst?: boolean | undefined } = {},
): Promise<{ user_id: string; created_at: string; version: number }[]> {
  const { owner, member } = sides[relation];
  let query = db
    .selectFrom('follows')
    .select([`${member} as user_id`, 'created_at', memberVersion(member).as('version')])
    .where(owner, '=', userId);
  if (after) {
    const [followedAt, id] = after;
    query = query.where((eb) => eb(eb.refTuple('created_at', member), '<', eb.tuple(followedAt, id)));
  }
  if (newerThan) {
    const [followedAt, id] = newerThan;
    query = query.where((eb) => eb(eb.refTuple('created_at', member), '>', eb.tuple(followedAt, id)));
  }
  const direction = oldestFirst ? 'asc' : 'desc';
  return query.orderBy('created_at', direction).orderBy(member, direction).limit(limit).execute();
}

export type FollowState = { follows: Set<string>; followedBy: Set<string> };

/** What an answer about users reads from `follows` (see `relationLists`). */
export interface RelationListsQuery {
  /** The first `limit` entries of each user's list. */
  lists: readonly { relation: Relation; userIds: readonly string[]; limit: number }[];
  /** Oldest first is the order the spec's lists grow in; a profile's preview shows the newest. */
  order: 'oldest' | 'newest';
  /** Which of these users the viewer follows, and which of them follow the viewer. */
  stateOf?: { viewerId: string; userIds: readonly string[] } | undefined;
}

/** An entry of a user's list: `owner_id`'s follower, or someone `owner_id` follows. */
export type RelationEntry = { owner_id: string; user_id: string };

export interface RelationLists {
  /** Each relation's entries, every owner's in the order asked. */
  followers: RelationEntry[];
  following: RelationEntry[];
  state: FollowState;
  /** The accounts' versions of the people on the lists, read with them. */
  versions: Map<string, number>;
}

/**
 * The lists and the follow state of a profile or a list of users. On PostgreSQL they are one prepared
 * statement, whose text does not change with the number of users: a profile read them in three round
 * trips, and each round trip costs more there than the key lookups it runs.
 */
export async function relationLists(
  db: Db,
  dialect: Dialect,
  query: RelationListsQuery,
): Promise<RelationLists> {
  if (dialect === 'postgres') return relationListsInOneStatement(db, query);
  const [lists, state] = await Promise.all([
    Promise.all(query.lists.map((list) => firstOfRelation(db, dialect, list, query.order))),
    query.stateOf
      ? followStateOf(db, dialect, query.stateOf.viewerId, query.stateOf.userIds)
      : noFollowState(),
  ]);
  const result = noRelations(state);
  for (const [index, list] of query.lists.entries()) {
    for (const { version, ...entry } of lists[index]!) {
      result[list.relation].push(entry);
      result.versions.set(entry.user_id, version);
    }
  }
  return result;
}

const noFollowState = (): FollowState => ({ follows: new Set(), followedBy: new Set() });
const noRelations = (state = noFollowState()): RelationLists => ({
  followers: [],
  following: [],
  state,
  versions: new Map(),
});

/** The first `limit` entries of each user's relation, in the order asked, for many users at once. */
async function firstOfRelation(
  db: Db,
  dialect: Dialect,
  list: RelationListsQuery['lists'][number],
  order: RelationListsQuery['order'],
): Promise<(RelationEntry & { version: number })[]> {
  const { owner, member } = sides[list.relation];
  const rows = await firstPerGroup<Record<string, string> & { version: number }>(db, dialect, {
    table: 'follows',
    groupColumn: owner,
    groups: list.userIds,
    columns: [owner, member, 'created_at'],
    also: { name: 'version', value: memberVersion(member) },
    orderBy: ['created_at', member],
    descending: order === 'newest',
    limit: list.limit,
  });
  return rows.map((row) => ({ owner_id: row[owner]!, user_id: row[member]!, version: row.version }));
}

/**
 * `relationLists` on PostgreSQL: each (user, relation, limit) is a group of a LATERAL join whose two
 * branches are gated by the group's relation (a one-time filter, so each group runs one index scan),
 * and the follow state is two key lookups besides.
 */
async function relationListsInOneStatement(db: Db, query: RelationListsQuery): Promise<RelationLists> {
  const groups = query.lists.flatMap((list) => list.userIds.map((userId) => ({ ...list, userId })));
  if (groups.length === 0 && !query.stateOf) return noRelations();
  const direction = sql.raw(query.order === 'newest' ? 'desc' : 'asc');
  const viewerId = query.stateOf?.viewerId ?? null;
  const stateIds = [...(query.stateOf?.userIds ?? [])];
  const { rows } = await sql<{
    relation: Relation | 'follows' | 'followed-by';
    owner_id: string;
    user_id: string;
    version: number | null;
  }>`
    select ${preparedOnPostgres} part.relation, part.owner_id, part.user_id, part.created_at,
      (select version from accounts where accounts.id = part.user_id) as version
    from unnest(${groups.map((group) => group.userId)}::varchar[], ${groups.map((group) => group.relation)}::varchar[],
      ${groups.map((group) => group.limit)}::int[]) as grouped(key, relation, lim)
    cross join lateral (
      (select 'followers'::varchar as relation, followee_id as owner_id, follower_id as user_id, created_at
        from follows where grouped.relation = 'followers' and followee_id = grouped.key
        order by created_at ${direction}, follower_id ${direction} limit grouped.lim)
      union all
      (select 'following', follower_id, followee_id, created_at
        from follows where grouped.relation = 'following' and follower_id = grouped.key
        order by created_at ${direction}, followee_id ${direction} limit grouped.lim)
    ) as part
    union all
    select 'follows', follower_id, followee_id, null, null from follows
      where follower_id = ${viewerId} and followee_id = any(${stateIds}::varchar[])
    union all
    select 'followed-by', followee_id, follower_id, null, null from follows
      where followee_id = ${viewerId} and follower_id = any(${stateIds}::varchar[])
    order by 4 ${direction}, 3 ${direction}`.execute(db);
  const result = noRelations();
  for (const row of rows) {
    if (row.relation === 'follows') result.state.follows.add(row.user_id);
    else if (row.relation === 'followed-by') result.state.followedBy.add(row.user_id);
    else result[row.relation].push({ owner_id: row.owner_id, user_id: row.user_id });
    if (row.version !== null) result.versions.set(row.user_id, row.version);
  }
  return result;
}

/**
 * Which of `userIds` the viewer follows, and which of them follow the viewer: both directions in one
 * statement.
 */
async function followStateOf(
  db: Db,
  dialect: Dialect,
  viewerId: string,
  userIds: readonly string[],
): Promise<FollowState> {
  const rows = await loadInChunks(userIds, (chunk) =>
    relationAmong(db, dialect, viewerId, 'following', chunk)
      .select(sql<Relation>`'following'`.as('relation'))
      .unionAll(
        relationAmong(db, dialect, viewerId, 'followers', chunk).select(
          sql<Relation>`'followers'`.as('relation'),
        ),
      )
      .execute(),
  );
  const state = noFollowState();
  for (const row of rows) (row.relation === 'following' ? state.follows : state.followedBy).add(row.id);
  return state;
}

/** Which of `userIds` are on the user's list (whom they follow, or who follows them). */
export function relationMembersAmong(
  db: Db,
  dialect: Dialect,
  userId: string,
  relation: Relation,
  userIds: readonly string[],
): Promise<string[]> {
  return loadInChunks(userIds, (chunk) => relationAmong(db, dialect, userId, relation, chunk).execute()).then(
    (rows) => rows.map((row) => row.id),
  );
}

/** The query of `relationMembersAmong` for one chunk: a key lookup per id, however long the list is. */
function relationAmong(
  db: Db,
  dialect: Dialect,
  userId: string,
  relation: Relation,
  chunk: readonly string[],
) {
  const { owner, member } = sides[relation];
  return db
    .selectFrom('follows')
    .modifyFront(preparedOnPostgres)
    .select(`${member} as id`)
    .where(owner, '=', userId)
    .where(isOneOf(dialect, member, chunk));
}

/** The users on the other side of a user's follows, in both directions. */
export async function followCounterparts(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('follows')
    .select('followee_id as id')
    .where('follower_id', '=', userId)
    .union(db.selectFrom('follows').select('follower_id as id').where('followee_id', '=', userId))
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The ids on a user's list (their followers, or the users they follow) as a subquery, for users.repo's
 * `takeOffFollowCounts`, which runs it inside its own statements; nothing runs here.
 */
export function relationMembersQuery(db: Db, userId: string, relation: Relation) {
  const { owner, member } = sides[relation];
  return db.selectFrom('follows').select(member).where(owner, '=', userId);
}

/**
 * Removes every follow from and to a user. Take them off the other users' counts first (users.repo
 * `takeOffFollowCounts` with `relationMembersQuery`), in a transaction holding the rows of the user and
 * of their counterparts (see `lockRowsInOrder`).
 */
export async function deleteFollowsOf(trx: Db, userId: string): Promise<void> {
  await trx
    .deleteFrom('follows')
    .where((eb) => eb.or([eb('follower_id', '=', userId), eb('followee_id', '=', userId)]))
    .execute();
}

export type Direction = 'following' | 'followers';
/** `show_reposts`: 0 when the follower hides the followee's reposts (the follower's side only). */
export type FollowExportRow = { user_id: string; username: string; created_at: string; show_reposts: number };

/** One page of a user's follows in one direction, oldest first, naming the other user; after the row given. */
export function followsPage(
  db: Db,
  userId: string,
  direction: Direction,
  after: FollowExportRow | undefined,
  limit: number,
): Promise<FollowExportRow[]> {
  const [self, other] =
    direction === 'following'
      ? (['follower_id', 'followee_id'] as const)
      : (['followee_id', 'follower_id'] as const);
  let query = db
    .selectFrom('follows')
    .innerJoin('accounts', 'accounts.id', `follows.${other}`)
    .select([
      `follows.${other} as user_id`,
      'accounts.username',
      'follows.created_at',
      'follows.show_reposts',
    ])
    .where(`follows.${self}`, '=', userId)
    .orderBy('follows.created_at')
    .orderBy(`follows.${other}`)
    .limit(limit);
  if (after) {
    query = query.where((eb) =>
      eb(
        eb.refTuple('follows.created_at', `follows.${other}`),
        '>',
        eb.tuple(after.created_at, after.user_id),
      ),
    );
  }
  return query.execute();
}

/** Everyone the user follows (the Following timeline's authors). */
export async function followeeIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('follows')
    .modifyFront(preparedOnPostgres)
    .select('followee_id')
    .where('follower_id', '=', userId)
    .execute();
  return rows.map((row) => row.followee_id);
}

/**
 * Shows or hides a followed person's reposts in the follower's Following timeline
 * (docs/decisions/092). False when the follower does not follow them.
 */
export async function setShowReposts(
  trx: Db,
  followerId: string,
  followeeId: string,
  show: boolean,
): Promise<boolean> {
  const updated = await trx
    .updateTable('follows')
    .set({ show_reposts: show ? 1 : 0 })
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Which of these people the user follows with their reposts hidden. */
export async function repostsHiddenAmong(
  db: Db,
  dialect: Dialect,
  userId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  const rows = await loadInChunks(userIds, (chunk) =>
    db
      .selectFrom('follows')
      .select('followee_id')
      .where('follower_id', '=', userId)
      .where('show_reposts', '=', 0)
      .where(isOneOf(dialect, 'followee_id', chunk))
      .execute(),
  );
  return new Set(rows.map((row) => row.followee_id));
}

/** The people the user follows with their reposts hidden (the Following timeline leaves those out). */
export async function repostsHiddenBy(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('follows')
    .modifyFront(preparedOnPostgres)
    .select('followee_id')
    .where('follower_id', '=', userId)
    .where('show_reposts', '=', 0)
    .execute();
  return new Set(rows.map((row) => row.followee_id));
}
