import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.js';
import { firstPerGroup } from '../db/first-per-group.js';
import { isOneOf, loadInChunks } from '../db/chunks.js';
import { preparedOnPostgres } from '../db/prepared.js';
import { cursorKind, type CursorKey } from '../http/pagination.js';

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

/** One page of a user's followers or of the users they follow, most recent first. */
export function relationPage(
  db: Db,
  userId: string,
  relation: Relation,
  after: CursorKey<typeof relationOrder.shape> | undefined,
  limit: number,
): Promise<{ user_id: string; created_at: string }[]> {
  const { owner, member } = sides[relation];
  let query = db
    .selectFrom('follows')
    .select([`${member} as user_id`, 'created_at'])
    .where(owner, '=', userId);
  if (after) {
    const [followedAt, id] = after;
    query = query.where((eb) => eb(eb.refTuple('created_at', member), '<', eb.tuple(followedAt, id)));
  }
  return query.orderBy('created_at', 'desc').orderBy(member, 'desc').limit(limit).execute();
}

/**
 * The first `limit` entries of each user's relation, oldest first (the order the spec's lists grow
 * in), for many users at once.
 */
export async function firstOfRelation(
  db: Db,
  dialect: Dialect,
  userIds: readonly string[],
  relation: Relation,
  limit: number,
): Promise<{ owner_id: string; user_id: string }[]> {
  const { owner, member } = sides[relation];
  const rows = await firstPerGroup<Record<string, string>>(db, dialect, {
    table: 'follows',
    groupColumn: owner,
    groups: userIds,
    columns: [owner, member, 'created_at'],
    orderBy: ['created_at', member],
    limit,
  });
  return rows.map((row) => ({ owner_id: row[owner]!, user_id: row[member]! }));
}

/**
 * Which of `userIds` the viewer follows, and which of them follow the viewer: both directions in one
 * statement (a round trip saved on PostgreSQL).
 */
export async function followStateOf(
  db: Db,
  dialect: Dialect,
  viewerId: string,
  userIds: readonly string[],
): Promise<{ follows: Set<string>; followedBy: Set<string> }> {
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
  const state = { follows: new Set<string>(), followedBy: new Set<string>() };
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
 * Removes every follow from and to a user, and the matching count from each other user. Run it in a
 * transaction holding the rows of the user and of their counterparts (see `lockRowsInOrder`).
 */
export async function deleteFollowsOf(trx: Db, userId: string): Promise<void> {
  // Their followers follow one fewer; those they follow have one follower fewer.
  const sides = [
    { column: 'following_count', other: 'follower_id', self: 'followee_id' },
    { column: 'follower_count', other: 'followee_id', self: 'follower_id' },
  ] as const;
  for (const { column, other, self } of sides) {
    await trx
      .updateTable('users')
      .set((eb) => ({ [column]: eb(column, '-', 1) }))
      .where('id', 'in', (eb) => eb.selectFrom('follows').select(other).where(self, '=', userId))
      .execute();
  }
  await trx
    .deleteFrom('follows')
    .where((eb) => eb.or([eb('follower_id', '=', userId), eb('followee_id', '=', userId)]))
    .execute();
}

export type Direction = 'following' | 'followers';
export type FollowExportRow = { user_id: string; username: string; created_at: string };

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
    .innerJoin('users', 'users.id', `follows.${other}`)
    .select([`follows.${other} as user_id`, 'users.username', 'follows.created_at'])
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
