import { Limits } from '@sync/contract';
import * as comments from '../../data/comments.repo.js';
import { relationMembersAmong } from '../../data/follows.repo.js';
import * as notifications from '../../data/notifications.repo.js';
import type { NotificationRecord } from '../../data/notifications.repo.js';
import * as moderation from '../../data/moderation.repo.js';
import type { ModerationActionRecord } from '../../data/moderation.repo.js';
import * as posts from '../../data/posts.repo.js';
import * as reports from '../../data/reports.repo.js';
import type { ReportRecord } from '../../data/reports.repo.js';
import type { NotificationKind } from '../../data/schema.js';
import { groupBy } from '../../platform/db/chunks.js';
import type { AccountRecord } from './accounts.js';
import type { ReadContext } from './context.js';
import { hydrateReportAccounts, type HydratedReports } from './reports.js';
import type { ViewerRules } from '../rules/viewer-rules.js';
import { seesComment, seesPost, visibleComments, visiblePosts } from './visible.js';
import { quotableBy } from './quotes.js';
import type { HydratedComment, HydratedPage, HydratedPost, HydratedStatuses, StatusRef } from './hydrator.js';

export interface HydratedNotifications {
  records: NotificationRecord[];
  /** The newest actors of each notification, newest first. */
  actors: Map<string, string[]>;
  posts: Map<string, HydratedPost>;
  comments: Map<string, HydratedComment>;
  /** The reports `report_resolved` and `new_report` notifications are about, by id (their group key). */
  reports: Map<string, ReportRecord>;
  /** The moderators' actions `moderation_warning` notifications tell of, by id (their group key). */
  moderationActions: Map<string, ModerationActionRecord>;
  /** Of the actors of `follow` notifications, those the viewer follows (for "Follow back"). */
  followedActors: ReadonlySet<string>;
  /** The people (each with its account's version) and the viewer's marks. */
  page: Omit<HydratedPage, 'posts'>;
  viewerId: string;
  /** When the viewer last marked their notifications as read. */
  readAt: string;
}

/** The actors' ids of each notification, in the order read. */
function actorIdsByNotification(actors: readonly { notification_id: string; actor_id: string }[]) {
  const rows = groupBy(actors, (actor) => actor.notification_id);
  return new Map([...rows].map(([id, group]) => [id, group.map((row) => row.actor_id)]));
}

/**
 * The actors of a notification the viewer is shown: not those they do not see (a group is shown by
 * those they see), and with "only from people I follow" only people they follow.
 */
export const shownActors = (rules: ViewerRules) => ({
  excluding: rules.hidesNothing ? [] : rules.hiddenIn('notifications'),
  followedBy: rules.notificationFilter().followedBy,
});

const distinct = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];

/**
 * What every surface's notifications are built from, read at once: the newest `sampleSize` actors of
 * each, and the records of the posts and comments they are about, and of the moderators' actions
 * warnings tell of.
 */
async function notificationSources(
  { db, dialect }: ReadContext,
  items: readonly NotificationRecord[],
  sampleSize: number,
  rules: ViewerRules,
) {
  const warningIds = items.flatMap((item) => (item.type === 'moderation_warning' ? [item.group_key] : []));
  const [actors, postRecords, commentRecords, actions] = await Promise.all([
    notifications.newestActors(
      db,
      dialect,
      items.map((item) => item.id),
      sampleSize,
      shownActors(rules),
    ),
    posts.postsByIds(db, dialect, distinct(items.map((item) => item.post_id))),
    comments.commentsByIds(db, dialect, distinct(items.map((item) => item.comment_id))),
    // Read only when the page has some: everyone else's pages cost what they did.
    warningIds.length > 0 ? moderation.actionsByIds(db, warningIds) : [],
  ]);
  const moderationActions = new Map(actions.map((action) => [action.id, action]));
  return { actors, postRecords, commentRecords, moderationActions };
}

/** The kinds whose group key is a report. */
const reportKinds: ReadonlySet<NotificationKind> = new Set(['report_resolved', 'new_report']);

/**
 * Hydrates notification records: actors, posts and comments in batches (posts through the post
 * cache), so a page costs the same number of queries whatever its size.
 */
export async function hydrateNotifications(
  context: ReadContext,
  viewerId: string,
  items: notifications.NotificationRecord[],
  readAt: string,
): Promise<HydratedNotifications> {
  const { hydrator } = context;
  const rules = await hydrator.rules(viewerId);
  const { actors, postRecords, commentRecords, moderationActions } = await notificationSources(
    context,
    items,
    Limits.previewSize,
    rules,
  );
  const reportIds = items.flatMap((item) => (reportKinds.has(item.type) ? [item.group_key] : []));
  const followIds = new Set(items.flatMap((item) => (item.type === 'follow' ? [item.id] : [])));
  const followers = distinct(
    actors.flatMap((actor) => (followIds.has(actor.notification_id) ? [actor.actor_id] : [])),
  );
  const [allPosts, allComments, reportRecords, followedActors] = await Promise.all([
    hydrator.posts(postRecords, 'preview'),
    hydrator.comments(commentRecords),
    // Read only when the page has some: the pages of everyone else cost what they did.
    reportIds.length > 0 ? reports.reportsByIds(context.db, context.dialect, reportIds) : [],
    followers.length > 0
      ? relationMembersAmong(context.db, context.dialect, viewerId, 'following', followers)
      : [],
  ]);
  // A notification about a post or comment the viewer does not see is left out (views/sync/notifications.ts).
  const hydratedPosts = visiblePosts(rules, allPosts, 'notifications');
  const hydratedComments = visibleComments(rules, allComments, 'notifications');
  const shown = { posts: hydratedPosts, comments: hydratedComments };
  const [{ quotes, quotedAuthorIds }, quotable] = await Promise.all([
    hydrator.quotesOf(hydratedPosts, rules),
    quotableBy(context.db, context.dialect, rules, hydratedPosts),
  ]);
  const people = await hydrator.peopleAndMarks(shown, viewerId, [
    ...actors.map((actor) => actor.actor_id),
    ...reportRecords.map((report) => report.target_id),
    ...quotedAuthorIds,
  ]);
  const page = { ...people, quotes, quotable };
  return {
    records: items,
    actors: actorIdsByNotification(actors),
    posts: new Map(hydratedPosts.map((post) => [post.record.id, post])),
    comments: new Map(hydratedComments.map((comment) => [comment.record.id, comment])),
    reports: new Map(reportRecords.map((report) => [report.id, report])),
    moderationActions,
    followedActors: new Set(followedActors),
    page,
    viewerId,
    readAt,
  };
}

/** Notifications with what the Mastodon API shows of them: their statuses and every account. */
export interface NotificationStatuses {
  records: NotificationRecord[];
  /** The newest actors of each notification, newest first (up to the sample size asked for). */
  actors: Map<string, string[]>;
  /**
   * The posts and comments the notifications are about, as statuses, and the accounts of the actors
   * (and the viewer's own, which a moderation warning is about).
   */
  statuses: HydratedStatuses;
  /** The moderators' actions `moderation_warning` notifications tell of, by id (their group key). */
  moderationActions: Map<string, ModerationActionRecord>;
  /** The reports `new_report` notifications tell of (their group keys), with their people as accounts. */
  reports: HydratedReports<AccountRecord>;
}

/**
 * Hydrates notification records for the Mastodon API: the newest actors of each, and the post or
 * comment each is about (a comment, an upvote or a mention in a comment: the comment; a like or a
 * mention in a post: the post) through the hydrator's statuses, the actors' accounts among theirs.
 * A fixed number of queries whatever the number of notifications.
 */
export async function hydrateNotificationStatuses(
  context: ReadContext,
  viewerId: string,
  items: NotificationRecord[],
  sample: {
    size: number;
    /** An actor of every one of the notifications, shown first (an app's list of one person's). */
    firstActorId?: string | undefined;
  },
): Promise<NotificationStatuses> {
  const { hydrator } = context;
  const rules = await hydrator.rules(viewerId);
  const { actors, postRecords, commentRecords, moderationActions } = await notificationSources(
    context,
    items,
    sample.size,
    rules,
  );
  const postsById = new Map(postRecords.map((record) => [record.id, record]));
  const refs = new Map<string, StatusRef>();
  for (const comment of commentRecords) {
    const post = postsById.get(comment.post_id);
    if (post) refs.set(comment.id, { kind: 'comment', comment, post });
  }
  for (const item of items) {
    const post = item.post_id === null ? undefined : postsById.get(item.post_id);
    if (item.comment_id === null && post) refs.set(post.id, { kind: 'post', ref: post });
  }
  // The person an app lists the notifications of comes first, unless the viewer does not see them.
  const firstActorId =
    sample.firstActorId !== undefined && rules.shows(sample.firstActorId, 'notifications')
      ? sample.firstActorId
      : undefined;
  const newReportIds = items.flatMap((item) => (item.type === 'new_report' ? [item.group_key] : []));
  const [statuses, reportRecords] = await Promise.all([
    hydrator.statuses([...refs.values()], viewerId, 'notifications', [
      ...actors.map((actor) => actor.actor_id),
      ...(firstActorId === undefined ? [] : [firstActorId]),
      ...(moderationActions.size > 0 ? [viewerId] : []),
    ]),
    // Read only when the page has some: everyone else's pages cost what they did.
    newReportIds.length > 0 ? reports.reportsByIds(context.db, context.dialect, newReportIds) : [],
  ]);
  const reportsTold = await hydrateReportAccounts(context, reportRecords, { counts: false });
  const actorIds = actorIdsByNotification(actors);
  if (firstActorId !== undefined) {
    for (const item of items) {
      const others = (actorIds.get(item.id) ?? []).filter((id) => id !== firstActorId);
      actorIds.set(item.id, [firstActorId, ...others].slice(0, sample.size));
    }
  }
  return { records: items, actors: actorIds, statuses, moderationActions, reports: reportsTold };
}

/**
 * The notifications the viewer sees, in their order: one about a post or comment the viewer does not
 * see as a notification (its author in a block with them, muted with their notifications, limited,
 * suspended; a `hide` filter) is left out, and so is one none of whose actors they see (a notice of
 * the server's has none to see). What a page keeps before it refills itself: the views leave out the
 * same ones, from the hydrated page. A viewer no rule applies to costs nothing.
 */
export async function shownNotifications(
  context: ReadContext,
  viewerId: string,
  items: readonly NotificationRecord[],
): Promise<NotificationRecord[]> {
  const rules = await context.hydrator.rules(viewerId);
  if (rules.hidesNothing || items.length === 0) return [...items];
  const { actors, postRecords, commentRecords } = await notificationSources(context, items, 1, rules);
  const withActors = new Set(actors.map((actor) => actor.notification_id));
  const postsById = new Map(postRecords.map((record) => [record.id, record]));
  const commentsById = new Map(commentRecords.map((record) => [record.id, record]));
  return items.filter((item) => {
    if (item.actor_count > 0 && !withActors.has(item.id)) return false;
    const post = item.post_id === null ? undefined : postsById.get(item.post_id);
    if (item.post_id !== null && !(post && seesPost(rules, post, 'notifications'))) return false;
    if (item.comment_id === null) return true;
    const comment = commentsById.get(item.comment_id);
    return !!comment && !!post && seesComment(rules, comment, post.author_id, 'notifications');
  });
}

/** How many of the newest unread notifications are checked against the viewer's rules when counted. */
const unreadCheckedAtMost = 200;

/**
 * How many unread notifications the viewer sees: Sync's bell (every kind, no cap), or those a Mastodon
 * app asks about (`filter`), counted up to `cap`. The viewer's notification settings narrow the count's
 * own query; their rules leave out what the list leaves out; for someone they hide nothing of, it is
 * one count. With rules, the newest `unreadCheckedAtMost` unread groups are read and checked
 * (`shownNotifications`) and any beyond them are counted as stored: checking every unread group of
 * someone who has not looked in months would cost a page's reads per badge, and the web client's badge
 * shows "99+" from 100 on.
 */
export async function countShownUnread(
  context: ReadContext,
  viewerId: string,
  asked: { filter: notifications.NotificationFilter; cap: number } | 'every unread',
): Promise<number> {
  const { filter, cap } = asked === 'every unread' ? { filter: {}, cap: Infinity } : asked;
  const rules = await context.hydrator.rules(viewerId);
  const ruled = rules.notificationFilter(filter);
  const everything =
    ruled.kinds === undefined && ruled.followedBy === undefined && ruled.actorId === undefined;
  const stored = (atMost: number) =>
    // The bell of someone with no settings: one statement, the marker read inside it.
    everything && atMost === Infinity
      ? notifications.unreadCount(context.db, viewerId)
      : notifications.unreadCountUpTo(context.db, viewerId, ruled, atMost);
  if (rules.hidesNothing) return stored(cap);
  const newest = await notifications.unreadNotifications(context.db, viewerId, ruled, unreadCheckedAtMost);
  const shown = (await shownNotifications(context, viewerId, newest)).length;
  if (newest.length < unreadCheckedAtMost || shown >= cap) return Math.min(shown, cap);
  const beyond = (await stored(cap + newest.length)) - newest.length;
  return Math.min(shown + beyond, cap);
}

/**
 * One of the viewer's notifications as their settings show it: undefined when it is gone, or of a kind
 * they turned off, or (with "only from people I follow") caused by nobody they follow. What a live
 * event is made from, so it tells of what the list shows.
 */
export async function shownNotificationOf(
  context: ReadContext,
  viewerId: string,
  notificationId: string,
): Promise<NotificationRecord | undefined> {
  const rules = await context.hydrator.rules(viewerId);
  return notifications.notificationOf(context.db, viewerId, notificationId, rules.notificationFilter());
}
