import type { NewReportNotice, Notification, NotificationsReply, ResolvedReportNotice } from '@sync/contract';
import type { NotificationRecord } from '../../../data/notifications.repo.js';
import type { NotificationKind } from '../../../data/schema.js';
import type { HydratedPost } from '../../hydration/hydrator.js';
import type { HydratedNotifications } from '../../hydration/notifications.js';
import { commentView } from './comments.js';
import { JsonText } from '../json-text.js';
import { previewPostText, previewPostViews } from './posts.js';
import { moderationWarningView } from './moderation.js';
import { summariesOf, userSummary } from './summaries.js';

/** A notification with its post rendered by the caller (an object, or JSON text). */
type Entry<RenderedPost> = Omit<Notification, 'post'> & { post?: RenderedPost };

/** What the server tells of itself: no actor (a moderation decision names no moderator). */
const notices: ReadonlySet<NotificationKind> = new Set([
  'report_resolved',
  'moderation_warning',
  'new_report',
]);

/** The report a `report_resolved` notification is about, while it is resolved and its account there. */
function resolvedReport(
  record: NotificationRecord,
  hydrated: HydratedNotifications,
): ResolvedReportNotice | undefined {
  const report = hydrated.reports.get(record.group_key);
  const target = report && hydrated.page.users.get(report.target_id);
  if (!report || !target || report.resolved_at === null) return undefined;
  return {
    id: report.id,
    category: report.category,
    target: userSummary(target),
    createdAt: report.created_at,
    resolvedAt: report.resolved_at,
  };
}

/** The report a `new_report` notification is about, while it and its account are there. */
function filedReport(
  record: NotificationRecord,
  hydrated: HydratedNotifications,
): NewReportNotice | undefined {
  const report = hydrated.reports.get(record.group_key);
  const target = report && hydrated.page.users.get(report.target_id);
  if (!report || !target) return undefined;
  return {
    id: report.id,
    category: report.category,
    target: userSummary(target),
    createdAt: report.created_at,
    resolved: report.resolved_at !== null,
  };
}

/**
 * The notifications as the contract shows them, each post rendered by `renderPost`. One whose post,
 * comment, report, moderation action or every actor is gone (deleted meanwhile) is left out rather
 * than shown half.
 */
function notificationEntries<RenderedPost>(
  hydrated: HydratedNotifications,
  renderPost: (post: HydratedPost) => RenderedPost | undefined,
): Entry<RenderedPost>[] {
  const { page, viewerId } = hydrated;
  const viewer = page.marks ? { id: viewerId, votes: page.marks.votes } : undefined;
  return hydrated.records.flatMap((record) => {
    const actors = summariesOf(hydrated.actors.get(record.id) ?? [], page.users);
    if (actors.length === 0 && !notices.has(record.type)) return [];
    const entry: Entry<RenderedPost> = {
      _id: record.id,
      type: record.type,
      actors,
      actorCount: record.actor_count,
      createdAt: record.latest_at,
      read: record.latest_at <= hydrated.readAt,
    };
    if (record.type === 'follow')
      entry.followedActorIds = actors.flatMap((actor) =>
        hydrated.followedActors.has(actor._id) ? [actor._id] : [],
      );
    if (record.post_id !== null) {
      const post = hydrated.posts.get(record.post_id);
      const rendered = post && renderPost(post);
      if (rendered === undefined) return [];
      entry.post = rendered;
    }
    if (record.comment_id !== null) {
      const comment = hydrated.comments.get(record.comment_id);
      const view = comment && commentView(comment, { people: page.users, viewer });
      if (!view) return [];
      entry.comment = view;
    }
    if (record.type === 'report_resolved') {
      const report = resolvedReport(record, hydrated);
      if (!report) return [];
      entry.report = report;
    }
    if (record.type === 'moderation_warning') {
      const action = hydrated.moderationActions.get(record.group_key);
      const warning = action && moderationWarningView(action);
      if (!warning) return [];
      entry.moderationWarning = warning;
    }
    if (record.type === 'new_report') {
      const report = filedReport(record, hydrated);
      if (!report) return [];
      entry.newReport = report;
    }
    return [entry];
  });
}

/** The notifications as objects (a live event carries one). */
export function notificationViews(hydrated: HydratedNotifications): Notification[] {
  const { page, viewerId } = hydrated;
  return notificationEntries(hydrated, (post) => previewPostViews({ ...page, posts: [post] }, viewerId)[0]);
}

/**
 * A page of notifications as JSON text: each post's preview is the text the feed keeps per post
 * version, so a page of 20 is not rebuilt and serialised again for every request. The bytes are those
 * Fastify's serialiser wrote (its required keys first, then `post`, `comment`, `report`,
 * `moderationWarning`, `newReport` and `followedActorIds`).
 */
export function notificationsPage(
  hydrated: HydratedNotifications,
  nextCursor: string | null,
): JsonText<NotificationsReply> {
  const { page, viewerId } = hydrated;
  const entries = notificationEntries(hydrated, (post) => previewPostText(post, page, viewerId));
  const text = entries.map((entry) => {
    const post = entry.post === undefined ? '' : `,"post":${entry.post}`;
    const comment = entry.comment === undefined ? '' : `,"comment":${JSON.stringify(entry.comment)}`;
    const report = entry.report === undefined ? '' : `,"report":${JSON.stringify(entry.report)}`;
    const warning =
      entry.moderationWarning === undefined
        ? ''
        : `,"moderationWarning":${JSON.stringify(entry.moderationWarning)}`;
    const newReport = entry.newReport === undefined ? '' : `,"newReport":${JSON.stringify(entry.newReport)}`;
    const followed =
      entry.followedActorIds === undefined
        ? ''
        : `,"followedActorIds":${JSON.stringify(entry.followedActorIds)}`;
    return `{"_id":${JSON.stringify(entry._id)},"type":${JSON.stringify(entry.type)},"actors":${JSON.stringify(entry.actors)},"actorCount":${entry.actorCount},"createdAt":${JSON.stringify(entry.createdAt)},"read":${entry.read}${post}${comment}${report}${warning}${newReport}${followed}}`;
  });
  return new JsonText(`{"notifications":[${text.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`);
}
