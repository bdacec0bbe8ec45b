import { ReportLimits, type ReportCategory } from '@sync/contract';
import * as comments from '../../data/comments.repo.js';
import type { Db } from '../../data/database.js';
import * as instance from '../../data/instance.repo.js';
import * as media from '../../data/media.repo.js';
import * as notifications from '../../data/notifications.repo.js';
import type { NotificationGroup, NotifiedGroup } from '../../data/notifications.repo.js';
import * as posts from '../../data/posts.repo.js';
import * as reports from '../../data/reports.repo.js';
import type { ReportRecord } from '../../data/reports.repo.js';
import * as users from '../../data/users.repo.js';
import type { UserRow } from '../../data/users.repo.js';
import { groupBy } from '../../platform/db/chunks.js';
import { newId, timeOfId } from '../../platform/db/ids.js';
import { audit } from './audit.js';
import type { Deps } from './deps.js';
import { commit } from './commit.js';
import { sweepMediaNow } from './media-sweep.js';
import { hiddenFrom } from './moderation-state.js';
import { requirePermission, rolesWith } from './roles.js';
import { checkText } from './text.js';
import { NotFound, Unacceptable } from './domain-errors.js';

/**
 * Reports: a person reports an account, with the posts and comments of theirs at issue, and the
 * moderators work through the reports in a queue (assign, resolve, reopen). Both APIs call these; the
 * Mastodon views are read/views/mastodon/reports.ts.
 *
 * A report keeps a copy of each item's text as it was when reported (`report_items`), and of its
 * images' alt text and sizes (`report_media`), whose files stay until the report is resolved: the
 * moderator sees what was reported even after an edit or a deletion.
 */

/** What a report is refused for: the request was understood, but cannot be a report. */
export const refused = (message: string) => new Unacceptable(message);

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
export async function requireTarget(deps: Deps, input: ReportInput): Promise<UserRow> {
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
    throw new NotFound({ thing: 'person', name: 'username' in target ? target.username : target.id });
  return found;
}

export const checkComment = (comment: string) =>
  checkText(comment, { label: "A report's comment", max: ReportLimits.commentMax, required: false });

/** The rules a report cites, each one in force; none unless it is a `violation`, which names one at least. */
export async function checkRules(deps: Deps, category: ReportCategory, ruleIds: readonly string[]) {
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
export async function reportedItems(
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
    if (!post) throw refused(`No post with id "${id}" exists. It may have been deleted.`);
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
export async function reportedMedia(
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
export async function tellStaff(trx: Db, report: ReportRecord): Promise<NotifiedGroup[]> {
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
export async function file(deps: Deps, input: ReportInput): Promise<ReportRecord> {
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
  await commit(deps, async (trx, effects) => {
    await reports.insertReport(trx, record, { items, media: images });
    effects.notified(await tellStaff(trx, record));
  });
  return record;
}

export const reportNotFound = (id: string) => new NotFound({ thing: 'report', id });

export async function requireReport(deps: Deps, id: string): Promise<ReportRecord> {
  const record = timeOfId(id) ? await reports.findReport(deps.db, id) : undefined;
  if (!record) throw reportNotFound(id);
  return record;
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
  if (!found) throw new NotFound({ thing: 'kept-image', reportId: input.reportId, mediaId: input.mediaId });
  const files = media.fileKeysOf(found);
  return input.preview
    ? { name: files.preview, contentType: 'image/webp' }
    : { name: files.original, contentType: found.content_type };
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
export function changeOf(
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
export async function changeQueued(deps: Deps, input: QueueChange): Promise<ReportRecord> {
  const { viewer, action } = input;
  requirePermission(viewer.role, 'manage_reports');
  const note = checkText(input.note ?? '', { label: 'The note', max: 2000, required: false });
  const current = await requireReport(deps, input.id);
  const now = deps.clock.now();
  const at = now.toISOString();
  const { when, change } = changeOf(action, viewer.id, at);
  const outcome = await commit(deps, async (trx, effects) => {
    const changed = await reports.changeReport(trx, current.id, when, change);
    if (!changed) return { report: await reports.findReport(trx, current.id) };
    const target = await users.findUserById(trx, changed.target_id);
    await audit(trx, now, viewer, {
      action: `${action}_report`,
      targetType: 'report',
      targetId: changed.id,
      targetLabel: `Report on @${target?.username ?? changed.target_id}`,
      reason: note,
    });
    const { reporter_id: reporterId } = changed;
    if (reporterId === null || (action !== 'resolve' && action !== 'reopen')) return { report: changed };
    const group: NotificationGroup = {
      recipientId: reporterId,
      type: 'report_resolved',
      groupKey: changed.id,
    };
    if (action === 'reopen') {
      await notifications.removeGroups(trx, { ...group, recipientIds: [reporterId] });
      return { report: changed };
    }
    effects.notified([await notifications.addNotice(trx, { ...group, at })]);
    return { report: changed };
  });
  // A resolved report holds its images no more: those whose post or image is deleted go now.
  if (action === 'resolve') await sweepMediaNow(deps);
  // Gone meanwhile: its reported account was deleted.
  if (!outcome.report) throw reportNotFound(current.id);
  return outcome.report;
}
