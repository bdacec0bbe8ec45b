import { Limits, type User, type UserSummary } from '@sync/contract';
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import type { UsersTable } from '../db/schema.js';
import type { PageRequest } from '../http/pagination.js';
import { groupBy, loadInChunks } from '../db/chunks.js';

export type UserRow = Selectable<UsersTable>;

/** The columns a user summary is built from, for queries that join `users`. */
export const summaryColumns = [
  'users.id as user_id',
  'users.username',
  'users.first_name',
  'users.last_name',
  'users.avatar_url',
] as const;

export interface SummaryRow {
  user_id: string;
  username: string;
  first_name: string;
  last_name: string;
  avatar_url: string;
}

export const toSummary = (row: SummaryRow): UserSummary => ({
  _id: row.user_id,
  username: row.username,
  firstName: row.first_name,
  lastName: row.last_name,
  avatarURL: row.avatar_url,
});

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  // PostgreSQL refuses NUL in text parameters (a 500); no id or username contains one.
  if (id.includes('\u0000')) return Promise.resolve(undefined);
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  if (username.includes('\u0000')) return Promise.resolve(undefined);
  return db
    .selectFrom('users')
    .selectAll()
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function insertUser(db: Db, row: Omit<UserRow, 'follower_count' | 'following_count'>) {
  await db.insertInto('users').values(row).execute();
}

export async function updateProfile(
  db: Db,
  id: string,
  changes: Pick<Updateable<UsersTable>, 'bio' | 'links' | 'city' | 'avatar_url' | 'updated_at'>,
) {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Every user in sign-up order, or one page of them when `page` is given. */
export function listUserRows(db: Db, page?: PageRequest): Promise<UserRow[]> {
  let query = db.selectFrom('users').selectAll().orderBy('created_at').orderBy('id');
  if (page) {
    if (page.after) {
      const [createdAt, id] = page.after as [string, string];
      query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(createdAt, id)));
    }
    query = query.limit(page.limit + 1);
  }
  return query.execute();
}

export type Relation = 'followers' | 'following';

/** One page of a user's followers or of the users they follow, most recent first. */
export async function listRelation(
  db: Db,
  userId: string,
  relation: Relation,
  page: PageRequest,
): Promise<(SummaryRow & { followed_at: string })[]> {
  const [self, other] =
    relation === 'followers'
      ? (['followee_id', 'follower_id'] as const)
      : (['follower_id', 'followee_id'] as const);
  let query = db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', `follows.${other}`)
    .select([...summaryColumns, 'follows.created_at as followed_at'])
    .where(`follows.${self}`, '=', userId)
    .orderBy('follows.created_at', 'desc')
    .orderBy(`follows.${other}`, 'desc')
    .limit(page.limit + 1);
  if (page.after) {
    const [followedAt, id] = page.after as [string, string];
    query = query.where((eb) =>
      eb(eb.refTuple('follows.created_at', `follows.${other}`), '<', eb.tuple(followedAt, id)),
    );
  }
  return query.execute();
}

/**
 * Assembles the contract's user objects: following and followers as summaries (two queries for any
 * number of users) and, for the viewer's own object only, the bookmarked posts.
 */
export async function loadUsers(
  db: Db,
  rows: UserRow[],
  options: { viewerId?: string | undefined; loadBookmarks: (userId: string) => Promise<User['bookmarks']> },
): Promise<User[]> {
  const ids = rows.map((row) => row.id);
  const [out, into] = await Promise.all([
    loadInChunks(ids, (chunk) =>
      db
        .selectFrom('follows')
        .innerJoin('users', 'users.id', 'follows.followee_id')
        .select([...summaryColumns, 'follows.follower_id as owner_id'])
        .where('follows.follower_id', 'in', chunk)
        .orderBy('follows.created_at')
        .execute(),
    ),
    loadInChunks(ids, (chunk) =>
      db
        .selectFrom('follows')
        .innerJoin('users', 'users.id', 'follows.follower_id')
        .select([...summaryColumns, 'follows.followee_id as owner_id'])
        .where('follows.followee_id', 'in', chunk)
        .orderBy('follows.created_at')
        .execute(),
    ),
  ]);
  const following = groupBy(out, (row) => row.owner_id);
  const followers = groupBy(into, (row) => row.owner_id);
  const ownBookmarks =
    options.viewerId && ids.includes(options.viewerId) ? await options.loadBookmarks(options.viewerId) : [];
  return rows.map((row) =>
    toUserObject(row, {
      following: (following.get(row.id) ?? []).map(toSummary),
      followers: (followers.get(row.id) ?? []).map(toSummary),
      bookmarks: row.id === options.viewerId ? ownBookmarks : [],
    }),
  );
}

function toUserObject(row: UserRow, lists: Pick<User, 'following' | 'followers' | 'bookmarks'>): User {
  return {
    _id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    avatarURL: row.avatar_url,
    bio: row.bio,
    links: row.links,
    city: row.city,
    ...lists,
    followerCount: row.follower_count,
    followingCount: row.following_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A profile as `?preview=true` answers it: the latest few followers and followings, and `viewer`. */
export async function loadUserPreview(db: Db, row: UserRow, viewerId: string | undefined): Promise<User> {
  const page = { limit: Limits.previewSize, after: undefined };
  const [followers, following, viewerFollows] = await Promise.all([
    listRelation(db, row.id, 'followers', page),
    listRelation(db, row.id, 'following', page),
    viewerId
      ? db
          .selectFrom('follows')
          .select('follower_id')
          .where('follower_id', '=', viewerId)
          .where('followee_id', '=', row.id)
          .executeTakeFirst()
      : undefined,
  ]);
  return {
    ...toUserObject(row, {
      followers: followers.slice(0, Limits.previewSize).map(toSummary),
      following: following.slice(0, Limits.previewSize).map(toSummary),
      bookmarks: [],
    }),
    viewer: { follows: viewerFollows !== undefined },
  };
}

/** Up to `limit` users the viewer does not follow yet, most followed first. */
export function suggestUsers(
  db: Db,
  viewerId: string,
  limit: number,
): Promise<(SummaryRow & { bio: string })[]> {
  return db
    .selectFrom('users')
    .select([...summaryColumns, 'users.bio'])
    .where('users.id', '!=', viewerId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('follows')
            .select('follows.followee_id')
            .where('follows.follower_id', '=', viewerId)
            .whereRef('follows.followee_id', '=', 'users.id'),
        ),
      ),
    )
    .orderBy('users.follower_count', 'desc')
    .orderBy('users.id')
    .limit(limit)
    .execute();
}
