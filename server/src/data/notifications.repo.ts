import { sql, type ExpressionBuilder, type Selectable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db, Dialect } from './database.js';
import { chunksOf } from '../platform/db/chunks.js';
import { firstPerGroup } from '../platform/db/first-per-group.js';
import { newId } from '../platform/db/ids.js';
import type { Database, NotificationKind, NotificationsTable } from './schema.js';
import { cursorKind, withinWindow, type CursorKey, type TimeWindow } from '../platform/db/keyset.js';

/**
 * The `notifications`, `notification_actors` and `notification_reads` tables.
 *
 * A notification groups the causes of one kind about one thing for one recipient (the likes of a
 * post, the upvotes of a comment, the new followers; a comment or a mention is a group of one). Each
 * cause is an actor row, so undoing one cause keeps `actor_count` exact and `latest_at` the time of
 * the latest cause left. Causes are written in the transaction of the change that causes them.
 */

export type NotificationRecord = Selectable<NotificationsTable>;

export const newestNotifications = cursorKind('notifications', ['string', 'string']);
type NotificationKey = CursorKey<typeof newestNotifications.shape>;

export interface NotificationGroup {
  recipientId: string;
  type: NotificationKind;
  /** The post liked, the comment upvoted or written, the post or comment that mentions, or 'follow'. */
  groupKey: string;
}

export interface Cause extends NotificationGroup {
  actorId: string;
  postId?: string | undefined;
  commentId?: string | undefined;
  at: string;
}

/** A notification created or grown by a cause, for the live events raised once its transaction commits. */
export interface NotifiedGroup {
  recipientId: string;
  notificationId: string;
}

/**
 * Records a cause: the group's notification comes first (created, or counted up and moved to the
 * top), then its actor. Nobody is notified of their own actions. Each cause is unique by the row
 * that causes it (a like, a follow, a vote, a comment, a mention), so it is added once.
 */
export async function addCause(trx: Db, cause: Cause): Promise<NotifiedGroup | undefined> {
  if (cause.actorId === cause.recipientId) return undefined;
  const { id } = await trx
    .insertInto('notifications')
    .values({
      id: newId(new Date(cause.at)),
      recipient_id: cause.recipientId,
      type: cause.type,
      group_key: cause.groupKey,
      post_id: cause.postId ?? null,
      comment_id: cause.commentId ?? null,
      actor_count: 1,
      latest_at: cause.at,
    })
    .onConflict((oc) =>
      oc.columns(['recipient_id', 'type', 'group_key']).doUpdateSet((eb) => ({
        actor_count: eb('notifications.actor_count', '+', 1),
        latest_at: eb.ref('excluded.latest_at'),
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('notification_actors')
    .values({ notification_id: id, actor_id: cause.actorId, created_at: cause.at })
    .execute();
  return { recipientId: cause.recipientId, notificationId: id };
}

/**
 * One cause from one actor to many recipients, each in a group of its own (an edit: `update` to the
 * post's likers, commenters, reposters and bookmarkers, `quoted_update` to its quoters). A group made
 * before is not grown but renewed: the same single actor at `at`, so it is newest and unread again.
 * Written 500 recipients per statement (8 parameters each, under both databases' caps), so 2,000
 * recipients are 8 statements, not 4,000.
 */
export async function renewGroups(
  trx: Db,
  cause: {
    type: NotificationKind;
    actorId: string;
    at: string;
    groups: readonly { recipientId: string; groupKey: string; postId: string }[];
  },
): Promise<NotifiedGroup[]> {
  const notified: NotifiedGroup[] = [];
  const groups = cause.groups.filter((group) => group.recipientId !== cause.actorId);
  for (const chunk of chunksOf(groups)) {
    const rows = await trx
      .insertInto('notifications')
      .values(
        chunk.map((group) => ({
          id: newId(new Date(cause.at)),
          recipient_id: group.recipientId,
          type: cause.type,
          group_key: group.groupKey,
          post_id: group.postId,
          comment_id: null,
          actor_count: 1,
          latest_at: cause.at,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['recipient_id', 'type', 'group_key']).doUpdateSet((eb) => ({
          latest_at: eb.ref('excluded.latest_at'),
        })),
      )
      .returning(['id', 'recipient_id'])
      .execute();
    await trx
      .insertInto('notification_actors')
      .values(rows.map((row) => ({ notification_id: row.id, actor_id: cause.actorId, created_at: cause.at })))
      .onConflict((oc) =>
        oc.columns(['notification_id', 'actor_id']).doUpdateSet((eb) => ({
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .execute();
    notified.push(...rows.map((row) => ({ recipientId: row.recipient_id, notificationId: row.id })));
  }
  return notified;
}

/**
 * A notification with no actor: the server tells the recipient something (a moderator's warning, whose
 * moderator is not named), about `groupKey` (the moderation action). One per group key.
 */
export async function addNotice(
  trx: Db,
  notice: { recipientId: string; type: NotificationKind; groupKey: string; at: string },
): Promise<NotifiedGroup> {
  const { id } = await trx
    .insertInto('notifications')
    .values({
      id: newId(new Date(notice.at)),
      recipient_id: notice.recipientId,
      type: notice.type,
      group_key: notice.groupKey,
      post_id: null,
      comment_id: null,
      actor_count: 0,
      latest_at: notice.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { recipientId: notice.recipientId, notificationId: id };
}

/**
 * Undoes one cause (an unlike, an unfollow, a changed vote): the actor leaves the group, the count
 * and the time follow, and a group left without actors is deleted. Nothing happens when there was
 * no such cause.
 */
export async function removeCause(trx: Db, cause: NotificationGroup & { actorId: string }): Promise<void> {
  // Found with a no-op update, which holds the group's row until commit, as `addCause`'s upsert does:
  // every other change to the group waits for this one, so the count below moves from the group's
  // committed count and stays equal to its actors. Nothing else serialises a group: two follows of one
  // person lock nothing else in common before it.
  const group = await trx
    .updateTable('notifications')
    .set((eb) => ({ actor_count: eb.ref('actor_count') }))
    .where('recipient_id', '=', cause.recipientId)
    .where('type', '=', cause.type)
    .where('group_key', '=', cause.groupKey)
    .returning('id')
    .executeTakeFirst();
  if (!group) return;
  const { numDeletedRows } = await trx
    .deleteFrom('notification_actors')
    .where('notification_id', '=', group.id)
    .where('actor_id', '=', cause.actorId)
    .executeTakeFirstOrThrow();
  if (numDeletedRows === 0n) return;
  // One fewer, not a recount: a recount reads every actor of the group (a popular post's likes:
  // thousands, for each dislike).
  const settled = await trx
    .updateTable('notifications')
    .set((eb) => ({ actor_count: eb('actor_count', '-', 1), latest_at: latestActorAt(eb) }))
    .where('id', '=', group.id)
    .returning('actor_count')
    .executeTakeFirstOrThrow();
  if (settled.actor_count === 0) await trx.deleteFrom('notifications').where('id', '=', group.id).execute();
}

/** Deletes whole groups of one kind about one thing (a mention edited away) for some recipients. */
export async function removeGroups(
  trx: Db,
  groups: { type: NotificationKind; groupKey: string; recipientIds: readonly string[] },
): Promise<void> {
  if (groups.recipientIds.length === 0) return;
  await trx
    .deleteFrom('notifications')
    .where('type', '=', groups.type)
    .where('group_key', '=', groups.groupKey)
    .where('recipient_id', 'in', groups.recipientIds)
    .execute();
}

/**
 * For account deletion: the user's own notifications go, and so do the user's causes in everyone
 * else's (their counts and times follow, and groups left empty are deleted).
 */
export async function deleteNotificationsOf(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom('notifications').where('recipient_id', '=', userId).execute();
  const touched = await trx
    .deleteFrom('notification_actors')
    .where('actor_id', '=', userId)
    .returning('notification_id')
    .execute();
  await settleCounts(
    trx,
    touched.map((row) => row.notification_id),
  );
}

/** Recounts the actors of the given notifications, moves their time to their latest actor, drops empty ones. */
async function settleCounts(trx: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('notifications')
    .set((eb) => ({
      actor_count: eb
        .selectFrom('notification_actors')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('notification_actors.notification_id', '=', 'notifications.id'),
      latest_at: latestActorAt(eb),
    }))
    .where('id', 'in', ids)
    .execute();
  await trx.deleteFrom('notifications').where('id', 'in', ids).where('actor_count', '=', 0).execute();
}

/** The time of a group's latest actor (one step down `notification_actors_newest`), or its own when none is left. */
function latestActorAt(eb: ExpressionBuilder<Database, 'notifications'>) {
  return eb.fn.coalesce(
    eb
      .selectFrom('notification_actors')
      .select((inner) => inner.fn.max('notification_actors.created_at').as('latest'))
      .whereRef('notification_actors.notification_id', '=', 'notifications.id'),
    eb.ref('notifications.latest_at'),
  );
}

/**
 * One of the user's notifications (undefined when it is gone, someone else's, or not among those
 * `filter` selects).
 */
export function notificationOf(
  db: Db,
  recipientId: string,
  notificationId: string,
  filter: NotificationFilter = {},
): Promise<NotificationRecord | undefined> {
  return filtered(db.selectFrom('notifications').selectAll(), recipientId, filter)
    .where('notifications.id', '=', notificationId)
    .executeTakeFirst();
}

/** A page of the user's notifications (those `filter` selects), the latest cause first. */
export function notificationPage(
  db: Db,
  recipientId: string,
  after: NotificationKey | undefined,
  limit: number,
  filter: NotificationFilter = {},
): Promise<NotificationRecord[]> {
  return notificationWindow(db, recipientId, { olderThan: after, oldestFirst: false, limit }, filter);
}

/** Which of a user's notifications a list or a count is about (Mastodon apps filter by type and person). */
export interface NotificationFilter {
  /** Only these kinds; every kind when absent. */
  kinds?: readonly NotificationKind[] | undefined;
  /** Only the groups this person is among the causes of. */
  actorId?: string | undefined;
  /**
   * Only the groups some person this user follows is among the causes of, and the server's notices,
   * which have none (a recipient's "only from people I follow").
   */
  followedBy?: string | undefined;
}

function filtered<O>(
  query: SelectQueryBuilder<Database, 'notifications', O>,
  recipientId: string,
  filter: NotificationFilter,
): SelectQueryBuilder<Database, 'notifications', O> {
  let narrowed = query.where('notifications.recipient_id', '=', recipientId);
  if (filter.kinds) {
    // No kind at all (a Mastodon type Sync has no notifications of) matches nothing.
    if (filter.kinds.length === 0) return narrowed.where(sql<boolean>`false`);
    narrowed = narrowed.where('notifications.type', 'in', filter.kinds);
  }
  const { actorId } = filter;
  if (actorId !== undefined)
    narrowed = narrowed.where((eb) =>
      eb.exists(
        eb
          .selectFrom('notification_actors')
          .select('notification_actors.actor_id')
          .whereRef('notification_actors.notification_id', '=', 'notifications.id')
          .where('notification_actors.actor_id', '=', actorId),
      ),
    );
  const { followedBy } = filter;
  if (followedBy !== undefined)
    narrowed = narrowed.where((eb) =>
      eb.or([
        eb('notifications.actor_count', '=', 0),
        eb.exists(
          eb
            .selectFrom('notification_actors')
            .innerJoin('follows', (join) =>
              join
                .onRef('follows.followee_id', '=', 'notification_actors.actor_id')
                .on('follows.follower_id', '=', followedBy),
            )
            .select('notification_actors.actor_id')
            .whereRef('notification_actors.notification_id', '=', 'notifications.id'),
        ),
      ]),
    );
  return narrowed;
}

/**
 * A window of the user's notifications by the time of their latest cause (`notifications_by_recipient`),
 * the latest first, or with `oldestFirst` the earliest of the window first.
 */
export function notificationWindow(
  db: Db,
  recipientId: string,
  window: TimeWindow,
  filter: NotificationFilter = {},
): Promise<NotificationRecord[]> {
  const query = filtered(db.selectFrom('notifications').selectAll(), recipientId, filter);
  return withinWindow(query, ['latest_at', 'id'], window).execute();
}

/** One of the user's notifications by its group id (what Mastodon apps call its group key). */
export async function dismissNotification(
  db: Db,
  recipientId: string,
  notificationId: string,
): Promise<boolean> {
  const { numDeletedRows } = await db
    .deleteFrom('notifications')
    .where('id', '=', notificationId)
    .where('recipient_id', '=', recipientId)
    .executeTakeFirstOrThrow();
  return numDeletedRows > 0n;
}

/** Every notification of the user goes (their actors with them, by cascade); a later cause starts a new group. */
export async function clearNotifications(db: Db, recipientId: string): Promise<void> {
  await db.deleteFrom('notifications').where('recipient_id', '=', recipientId).execute();
}

/**
 * The newest `limit` actors of each notification, newest first; none of `shown.excluding` (the people
 * the recipient does not see), which each group's index walk skips, and with `shown.followedBy` only
 * people that user follows. The list is one parameter however long (an array on PostgreSQL, JSON on
 * SQLite), so a recipient's thousand blocks do not make a thousand parameters per group.
 */
export function newestActors(
  db: Db,
  dialect: Dialect,
  notificationIds: readonly string[],
  limit: number,
  shown: { excluding?: readonly string[]; followedBy?: string | undefined } = {},
): Promise<{ notification_id: string; actor_id: string; created_at: string }[]> {
  const { excluding = [], followedBy } = shown;
  const conditions = [
    ...(excluding.length === 0 ? [] : [noneOf(dialect, 'actor_id', excluding)]),
    ...(followedBy === undefined
      ? []
      : [
          sql<SqlBool>`${sql.ref('actor_id')} in (select followee_id from follows where follower_id = ${followedBy})`,
        ]),
  ];
  return firstPerGroup(db, dialect, {
    table: 'notification_actors',
    groupColumn: 'notification_id',
    groups: notificationIds,
    columns: ['notification_id', 'actor_id', 'created_at'],
    orderBy: ['created_at', 'actor_id'],
    descending: true,
    limit,
    where: conditions.length === 0 ? undefined : sql<SqlBool>`${sql.join(conditions, sql` and `)}`,
  });
}

const noneOf = (dialect: Dialect, column: string, ids: readonly string[]) =>
  dialect === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} <> all(${[...ids]}::varchar[])`
    : sql<SqlBool>`${sql.ref(column)} not in (select value from json_each(${JSON.stringify(ids)}))`;

/** The user's unread notifications (a cause since they last read), the latest first, up to `limit`. */
export async function unreadNotifications(
  db: Db,
  userId: string,
  filter: NotificationFilter,
  limit: number,
): Promise<NotificationRecord[]> {
  const readAt = await readMarker(db, userId);
  return filtered(db.selectFrom('notifications').selectAll(), userId, filter)
    .where('notifications.latest_at', '>', readAt)
    .orderBy('notifications.latest_at', 'desc')
    .orderBy('notifications.id', 'desc')
    .limit(limit)
    .execute();
}

/** When the user last marked their notifications as read ('' if never). */
export async function readMarker(db: Db, userId: string): Promise<string> {
  const row = await db
    .selectFrom('notification_reads')
    .select('read_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.read_at ?? '';
}

/** How many notifications had a cause since the user last marked them as read. */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from notifications
    where recipient_id = ${userId}
      and latest_at > coalesce((select read_at from notification_reads where user_id = ${userId}), '')`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * The same count among the notifications `filter` selects, counted up to `cap` (Mastodon apps ask for
 * a capped count: past the cap, reading on would only count what a badge shows as "99+"; Sync's bell
 * asks for all, `Infinity`).
 */
export async function unreadCountUpTo(
  db: Db,
  userId: string,
  filter: NotificationFilter,
  cap: number,
): Promise<number> {
  const readAt = await readMarker(db, userId);
  const all = filtered(db.selectFrom('notifications').select('notifications.id'), userId, filter).where(
    'notifications.latest_at',
    '>',
    readAt,
  );
  const unread = cap === Infinity ? all : all.limit(cap);
  const row = await db
    .selectFrom(unread.as('unread'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  // PostgreSQL answers count(*) as a bigint, which arrives as text.
  return Number(row.n);
}

/** Everything up to `at` counts as read: one row per user, however many notifications they have. */
export async function markAllRead(db: Db, userId: string, at: string): Promise<void> {
  await db
    .insertInto('notification_reads')
    .values({ user_id: userId, read_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ read_at: at }))
    .execute();
}

/**
 * Everything up to `at` counts as read, unless a later time was already marked: a Mastodon app's
 * reading marker only ever moves Sync's forward (the web client may have read further).
 */
export async function markReadUpTo(db: Db, userId: string, at: string): Promise<void> {
  await db
    .insertInto('notification_reads')
    .values({ user_id: userId, read_at: at })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ read_at: at }).where('notification_reads.read_at', '<', at),
    )
    .execute();
}
