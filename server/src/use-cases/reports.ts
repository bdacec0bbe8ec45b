import {
  ReportLimits,
  type AdminReport,
  type AdminReportsReply,
  type OpenReportCountReply,
  type Report,
  type ReportCategory,
  type ReportsReply,
} from '@sync/contract';
import * as comments from '../data/comments.repo.js';
import type { Db } from '../data/database.js';
import * as instance from '../data/instance.repo.js';
import * as media from '../data/media.repo.js';
import * as notifications from '../data/notifications.repo.js';
import type { NotificationGroup, NotifiedGroup } from '../data/notifications.repo.js';
import * as posts from '../data/posts.repo.js';
import * as reports from '../data/reports.repo.js';
import type { ReportRecord } from '../data/reports.repo.js';
import * as users from '../data/users.repo.js';
import type { UserRow } from '../data/users.repo.js';
import { groupBy } from '../platform/db/chunks.js';
import { newId, timeOfId } from '../platform/db/ids.js';
import type { TimeWindow } from '../platform/db/keyset.js';
import { HttpError, Messages, notFound } from '../platform/http/errors.js';
import type { PageQuery } from '../platform/http/pagination.js';
import type { AccountRecord } from '../read/hydration/accounts.js';
import { hydrateReportAccounts, hydrateReports, type HydratedReports } from '../read/hydration/reports.js';
import { adminReportViews, reportViews } from '../read/views/sync/reports.js';
import { audit } from './shared/audit.js';
import type { Deps } from './shared/deps.js';
import { publishNotified } from './shared/live-messages.js';
import { sweepMediaNow } from './shared/media-sweep.js';
import { hiddenFrom } from './shared/moderation-state.js';
import { requirePermission, rolesWith } from './shared/roles.js';
import { checkText } from './shared/text.js';

/**
 * Reports: a person reports an account, with the posts and comments of theirs at issue, and the
 * moderators work through the reports in a queue (assign, resolve, reopen). Both APIs call these; the
 * Mastodon views are read/views/mastodon/reports.ts.
 *
 * A report keeps a copy of each item's text as it was when reported (`report_items`), and of its
 * images' alt text and sizes (`report_media`), whose files stay until the report is resolved: the
 * moderator sees what was reported even after an edit or a deletion.
 */

/** What a report is refused for: the request was understood, but cannot be a report (422). */
const refused = (message: string) => new HttpError(422, message);

/** Who files a report, on whom, about what. */
export interface ReportInput {
  reporter: UserRow;
  /** Sync's API names the account; the Mastodon API gives its id. */
  target: { username: string } | { id: string };
  postIds: readonly string[];
  commentIds: readonly string[];
  /** The Mastodon API's statuses: each a post or a comment. */
  statusIds: readonly string[];
  category: ReportCategory;
  ruleIds: readonly string[];
  comment: string;
}

/**
 * The account reported. One that is not there for the reporter is not found: a sign-up waiting for
 * approval, a suspended account (but for the staff), as their profiles are not there.
 */
async function requireTarget(deps: Deps, input: ReportInput): Promise<UserRow> {
  const { target } = input;
  const found =
    'username' in target
      ? await users.findUserByUsername(deps.db, target.username)
      : timeOfId(target.id)
        ? await users.findUserById(deps.db, target.id)
        : undefined;
  const there =
    found && found.pending_since === null && !hiddenFrom(found, input.reporter.role, deps.clock.now());
  if (!there)
    throw notFound('username' in target ? Messages.userNotFound(target.username) : 'Record not found');
  return found;
}

const checkComment = (comment: string) =>
  checkText(comment, { label: "A report's comment", max: ReportLimits.commentMax, required: false });

/** The rules a report cites, each one in force; none unless it is a `violation`, which names one at least. */
async function checkRules(deps: Deps, category: ReportCategory, ruleIds: readonly string[]) {
  const cited = [...new Set(ruleIds)];
  if (category !== 'violation') {
    if (cited.length > 0)
      throw refused('Only a report of a rule violation (category "violation") cites rules.');
    return cited;
  }
  if (cited.length === 0)
    throw refused('Name the rules that were broken: a violation report cites one at least.');
  const active = new Set((await instance.activeRules(deps.db)).map((rule) => rule.id));
  const unknown = cited.find((id) => !active.has(id));
  if (unknown !== undefined)
    throw refused(`No rule "${unknown}" is in force on this server: pick one of its current rules.`);
  return cited;
}

/**
 * The posts and comments a report names, each the reported person's, with their text as it is now. An
 * id that is not a UUIDv7 names nothing and is not looked up (PostgreSQL refuses NUL in a parameter).
 */
async function reportedItems(
  deps: Deps,
  input: ReportInput,
  target: UserRow,
): Promise<reports.NewReportItem[]> {
  const unique = (ids: readonly string[]) => [...new Set(ids)];
  const [postIds, commentIds, statusIds] = [
    unique(input.postIds),
    unique(input.commentIds),
    unique(input.statusIds),
  ];
  const count = postIds.length + commentIds.length + statusIds.length;
  if (count > ReportLimits.itemsMax)
    throw refused(
      `A report names at most ${ReportLimits.itemsMax} posts and comments (this one names ${count}).`,
    );
  const valid = (ids: string[]) => ids.filter((id) => timeOfId(id) !== undefined);
  const [postRows, commentRows] = await Promise.all([
    posts.postsByIds(deps.db, deps.dialect, valid([...postIds, ...statusIds])),
    comments.commentsByIds(deps.db, deps.dialect, valid([...commentIds, ...statusIds])),
  ]);
  const postsById = new Map(postRows.map((post) => [post.id, post]));
  const commentsById = new Map(commentRows.map((comment) => [comment.id, comment]));
  const notBy = (what: string) => refused(`That ${what} is not by @${target.username}.`);
  const items: reports.NewReportItem[] = [];
  const addPost = (post: posts.PostRecord) => {
    if (post.author_id !== target.id) throw notBy('post');
    items.push({ post_id: post.id, comment_id: null, content: post.content, posted_at: post.created_at });
  };
  const addComment = (comment: comments.CommentRecord) => {
    if (comment.author_id !== target.id) throw notBy('comment');
    items.push({
      post_id: comment.post_id,
      comment_id: comment.id,
      content: comment.text,
      posted_at: comment.created_at,
    });
  };
  for (const id of postIds) {
    const post = postsById.get(id);
    if (!post) throw refused(Messages.postNotFound(id));
    addPost(post);
  }
  for (const id of commentIds) {
    const comment = commentsById.get(id);
    if (!comment) throw refused(`No comment with id "${id}" exists. It may have been deleted.`);
    addComment(comment);
  }
  for (const id of statusIds) {
    const post = postsById.get(id);
    const comment = commentsById.get(id);
    if (post) addPost(post);
    else if (comment) addComment(comment);
    else throw refused(`No status with id "${id}" exists. It may have been deleted.`);
  }
  return items;
}

/** The images of the reported posts and comments, with their alt text and sizes as they are now. */
async function reportedMedia(
  deps: Deps,
  items: readonly reports.NewReportItem[],
): Promise<reports.NewReportMedia[]> {
  const postIds = items.filter((item) => item.comment_id === null).map((item) => item.post_id);
  const commentIds = items.flatMap((item) => (item.comment_id === null ? [] : [item.comment_id]));
  const [ofPosts, ofComments] = await Promise.all([
    media.mediaOfPosts(deps.db, deps.dialect, postIds),
    media.mediaOfComments(deps.db, deps.dialect, commentIds),
  ]);
  const byPost = groupBy(ofPosts, (image) => image.post_id);
  const byComment = groupBy(ofComments, (image) => image.comment_id);
  return items.flatMap((item) =>
    ((item.comment_id === null ? byPost.get(item.post_id) : byComment.get(item.comment_id)) ?? []).map(
      (image) => ({
        media_id: image.id,
        post_id: item.post_id,
        comment_id: item.comment_id,
        position: image.position,
        description: image.description,
        width: image.width,
        height: image.height,
        preview_width: image.preview_width,
        preview_height: image.preview_height,
        blurhash: image.blurhash,
        focus_x: image.focus_x,
        focus_y: image.focus_y,
        animated: image.animated,
      }),
    ),
  );
}

/**
 * Tells every staff member who handles reports that one was filed (a `new_report` notice, in the
 * report's transaction), but its reporter, who knows, and the person reported: a moderator is not
 * alerted to a report about themselves (the other staff handle it).
 */
async function tellStaff(trx: Db, report: ReportRecord): Promise<NotifiedGroup[]> {
  const staffIds = await users.activeIdsWithRoles(trx, rolesWith('manage_reports'));
  const notified: NotifiedGroup[] = [];
  for (const recipientId of staffIds.filter((id) => id !== report.reporter_id && id !== report.target_id))
    notified.push(
      await notifications.addNotice(trx, {
        recipientId,
        type: 'new_report',
        groupKey: report.id,
        at: report.created_at,
      }),
    );
  return notified;
}

/**
 * Files a report: checks everything first (nothing is written for a report refused), then writes the
 * report, its items' copies and the staff's notices in one transaction.
 */
async function file(deps: Deps, input: ReportInput): Promise<ReportRecord> {
  const target = await requireTarget(deps, input);
  if (target.id === input.reporter.id) throw refused('You cannot report yourself.');
  const comment = checkComment(input.comment);
  const ruleIds = await checkRules(deps, input.category, input.ruleIds);
  const items = await reportedItems(deps, input, target);
  const images = await reportedMedia(deps, items);
  const now = deps.clock.now();
  const at = now.toISOString();
  const record: ReportRecord = {
    id: newId(now),
    reporter_id: input.reporter.id,
    target_id: target.id,
    category: input.category,
    rule_ids: ruleIds.join(','),
    comment,
    assigned_id: null,
    resolved_at: null,
    resolved_by: null,
    created_at: at,
    updated_at: at,
  };
  const notified = await deps.db.transaction().execute(async (trx) => {
    await reports.insertReport(trx, record, { items, media: images });
    return tellStaff(trx, record);
  });
  publishNotified(deps.events, notified);
  return record;
}

/** `POST /api/reports`: the report as its reporter sees it. */
export async function fileReport(deps: Deps, input: ReportInput): Promise<Report> {
  const [view] = reportViews(await hydrateReports(deps, [await file(deps, input)], { counts: false }));
  if (!view) throw notFound('The reported account is gone.');
  return view;
}

/**
 * `POST /api/v1/reports`: the report with its reported account. A comment too long is refused as
 * Mastodon refuses invalid input, 422 (Sync's API: 400, as for any text too long).
 */
export async function reportAccount(deps: Deps, input: ReportInput): Promise<HydratedReports<AccountRecord>> {
  checkComment(input.comment);
  return hydrateReportAccounts(deps, [await file(deps, input)], { counts: false });
}

/** `GET /api/reports`: the reports the person filed, the latest first, with where each stands. */
export async function listOwnReports(
  deps: Deps,
  input: { viewerId: string; query: PageQuery },
): Promise<ReportsReply> {
  const kind = { ...reports.reportsByTime, scope: `own-reports:${input.viewerId}` };
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    kind,
    input.query,
    (after, limit) => reports.reporterPage(deps.db, input.viewerId, after, limit),
    (row) => [row.created_at, row.id],
  );
  return { reports: reportViews(await hydrateReports(deps, items, { counts: false })), nextCursor };
}

/*
 * The moderators' queue. Every route needs the permission manage_reports (without it: 403, on the
 * Mastodon API too, whatever the token's scopes); every change writes an audit-log entry in its
 * transaction.
 */

/** `GET /api/admin/reports?resolved=…`: open (or resolved) reports, the latest first. */
export async function reportQueue(
  deps: Deps,
  input: { viewer: UserRow; resolved: boolean; query: PageQuery },
): Promise<AdminReportsReply> {
  requirePermission(input.viewer.role, 'manage_reports');
  const kind = { ...reports.reportsByTime, scope: `report-queue:${input.resolved ? 'resolved' : 'open'}` };
  const { items, nextCursor } = await deps.cursors.pageOrFirst(
    kind,
    input.query,
    (after, limit) => reports.queuePage(deps.db, input.resolved, after, limit),
    (row) => [row.created_at, row.id],
  );
  return { reports: adminReportViews(await hydrateReports(deps, items, { counts: true })), nextCursor };
}

/** `GET /api/admin/reports/open-count`: how many reports wait in the queue (the Moderation link's badge). */
export async function openReportCount(deps: Deps, input: { viewer: UserRow }): Promise<OpenReportCountReply> {
  requirePermission(input.viewer.role, 'manage_reports');
  return { count: await reports.openReportCount(deps.db) };
}

/**
 * `GET /api/v1/admin/reports`: a window of the queue, newest first, with the people as accounts; with
 * `account_id` and `target_account_id`, only the reports a person filed, or about an account.
 */
export async function reportQueueWindow(
  deps: Deps,
  input: { viewer: UserRow; filter: reports.QueueFilter; window: TimeWindow },
): Promise<HydratedReports<AccountRecord>> {
  requirePermission(input.viewer.role, 'manage_reports');
  // Ids that are not UUIDv7 name nobody: PostgreSQL refuses NUL in a parameter, so none is sent.
  const { targetId, reporterId } = input.filter;
  if ([targetId, reporterId].some((id) => id !== undefined && !timeOfId(id)))
    return hydrateReportAccounts(deps, [], { counts: true });
  const rows = await reports.queueWindow(deps.db, input.filter, input.window);
  const records = input.window.oldestFirst ? rows.reverse() : rows;
  return hydrateReportAccounts(deps, records, { counts: true });
}

const reportNotFound = (id: string) => notFound(`No report with id "${id}" exists.`);

async function requireReport(deps: Deps, id: string): Promise<ReportRecord> {
  const record = timeOfId(id) ? await reports.findReport(deps.db, id) : undefined;
  if (!record) throw reportNotFound(id);
  return record;
}

async function adminView(deps: Deps, record: ReportRecord): Promise<AdminReport> {
  const [view] = adminReportViews(await hydrateReports(deps, [record], { counts: true }));
  if (!view) throw reportNotFound(record.id);
  return view;
}

/** `GET /api/admin/reports/:id` */
export async function adminReport(deps: Deps, input: { viewer: UserRow; id: string }): Promise<AdminReport> {
  requirePermission(input.viewer.role, 'manage_reports');
  return adminView(deps, await requireReport(deps, input.id));
}

/**
 * `GET /api/admin/reports/:id/media/:mediaId[/preview]` (and the Mastodon API's): the file of an image
 * the report keeps, for the staff who handle reports only, whatever became of its post since: the
 * public `/media/` route no longer serves a deleted post's images. Not found once the report was
 * resolved and the image's files deleted.
 */
export async function keptMediaFile(
  deps: Deps,
  input: { viewer: UserRow; reportId: string; mediaId: string; preview: boolean },
): Promise<{ name: string; contentType: string }> {
  requirePermission(input.viewer.role, 'manage_reports');
  const found =
    timeOfId(input.reportId) && timeOfId(input.mediaId)
      ? await reports.keptMediaFiles(deps.db, input)
      : undefined;
  if (!found)
    throw notFound(
      `Report "${input.reportId}" keeps no image "${input.mediaId}": its files go once the report is resolved.`,
    );
  const files = media.fileKeysOf(found);
  return input.preview
    ? { name: files.preview, contentType: 'image/webp' }
    : { name: files.original, contentType: found.content_type };
}

/** `GET /api/v1/admin/reports/:id`: one report with the people as accounts. */
export async function adminReportAccounts(
  deps: Deps,
  input: { viewer: UserRow; id: string },
): Promise<HydratedReports<AccountRecord>> {
  requirePermission(input.viewer.role, 'manage_reports');
  return hydrateReportAccounts(deps, [await requireReport(deps, input.id)], { counts: true });
}

export type QueueAction = 'assign' | 'unassign' | 'resolve' | 'reopen';

export interface QueueChange {
  viewer: UserRow;
  id: string;
  action: QueueAction;
  /** Why it was resolved: kept in the audit log. */
  note?: string | undefined;
}

/** The condition each action needs of the report, and what it changes. */
function changeOf(
  action: QueueAction,
  moderatorId: string,
  at: string,
): { when: reports.ReportCondition; change: reports.ReportChange } {
  switch (action) {
    case 'assign':
      return { when: { notAssignedTo: moderatorId }, change: { assigned_id: moderatorId, updated_at: at } };
    case 'unassign':
      return { when: { assigned: true }, change: { assigned_id: null, updated_at: at } };
    case 'resolve':
      return { when: { open: true }, change: { resolved_at: at, resolved_by: moderatorId, updated_at: at } };
    case 'reopen':
      return { when: { open: false }, change: { resolved_at: null, resolved_by: null, updated_at: at } };
  }
}

/**
 * Assign (to the moderator acting), unassign, resolve, reopen. Each is idempotent, as on Mastodon: a
 * report already as asked is answered as it is, and nothing is written.
 *
 * Resolving tells the reporter (a `report_resolved` notification from the server, naming no moderator,
 * as Mastodon's email does not), and lets the files of its images go when nothing else shows them;
 * reopening takes the notification back, as it is no longer true (images deleted meanwhile stay gone).
 */
async function changeQueued(deps: Deps, input: QueueChange): Promise<ReportRecord> {
  const { viewer, action } = input;
  requirePermission(viewer.role, 'manage_reports');
  const note = checkText(input.note ?? '', { label: 'The note', max: 2000, required: false });
  const current = await requireReport(deps, input.id);
  const now = deps.clock.now();
  const at = now.toISOString();
  const { when, change } = changeOf(action, viewer.id, at);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const changed = await reports.changeReport(trx, current.id, when, change);
    if (!changed) return { report: await reports.findReport(trx, current.id), notified: undefined };
    const target = await users.findUserById(trx, changed.target_id);
    await audit(trx, now, viewer, {
      action: `${action}_report`,
      targetType: 'report',
      targetId: changed.id,
      targetLabel: `Report on @${target?.username ?? changed.target_id}`,
      reason: note,
    });
    const { reporter_id: reporterId } = changed;
    if (reporterId === null || (action !== 'resolve' && action !== 'reopen'))
      return { report: changed, notified: undefined };
    const group: NotificationGroup = {
      recipientId: reporterId,
      type: 'report_resolved',
      groupKey: changed.id,
    };
    if (action === 'reopen') {
      await notifications.removeGroups(trx, { ...group, recipientIds: [reporterId] });
      return { report: changed, notified: undefined };
    }
    return { report: changed, notified: await notifications.addNotice(trx, { ...group, at }) };
  });
  publishNotified(deps.events, [outcome.notified]);
  // A resolved report holds its images no more: those whose post or image is deleted go now.
  if (action === 'resolve') await sweepMediaNow(deps);
  // Gone meanwhile: its reported account was deleted.
  if (!outcome.report) throw reportNotFound(current.id);
  return outcome.report;
}

/** `POST /api/admin/reports/:id/assign|unassign|resolve|reopen`: the report as it now is. */
export async function changeQueuedReport(deps: Deps, input: QueueChange): Promise<AdminReport> {
  return adminView(deps, await changeQueued(deps, input));
}

/** `POST /api/v1/admin/reports/:id/assign_to_self|unassign|resolve|reopen` */
export async function changeQueuedReportAccounts(
  deps: Deps,
  input: QueueChange,
): Promise<HydratedReports<AccountRecord>> {
  return hydrateReportAccounts(deps, [await changeQueued(deps, input)], { counts: true });
}
