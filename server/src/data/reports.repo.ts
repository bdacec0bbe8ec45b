import type { Insertable, Selectable } from 'kysely';
import type { Db, Dialect } from './database.js';
import { isOneOf, loadInChunks } from '../platform/db/chunks.js';
import { cursorKind, withinWindow, type CursorKey, type TimeWindow } from '../platform/db/keyset.js';
import type { ReportItemsTable, ReportMediaTable, ReportsTable } from './schema.js';

/**
 * The `reports`, `report_items` and `report_media` tables: what people reported, with a copy of the
 * posts' and comments' text and of their images' alt text and sizes as they were then, and where each
 * report stands in the moderators' queue. An open report's images keep their files (media.repo.ts's
 * sweep skips them) until it is resolved.
 */

export type ReportRecord = Selectable<ReportsTable>;
export type ReportItemRecord = Selectable<ReportItemsTable>;
export type ReportMediaRecord = Selectable<ReportMediaTable>;

/** Reports newest first, by (created_at, id): the queue's lists and a person's own. */
export const reportsByTime = cursorKind('reports', ['string', 'string']);
type ReportKey = CursorKey<typeof reportsByTime.shape>;

/** The rule ids a report cites, as `rule_ids` keeps them. */
export const ruleIdsOf = (report: Pick<ReportRecord, 'rule_ids'>): string[] =>
  report.rule_ids === '' ? [] : report.rule_ids.split(',');

/** A reported post or comment with its text, as the report about it will keep it. */
export type NewReportItem = Omit<ReportItemRecord, 'report_id'>;
/** An image of a reported post or comment, as the report about it will keep it. */
export type NewReportMedia = Omit<ReportMediaRecord, 'report_id'>;

export async function insertReport(
  trx: Db,
  report: Insertable<ReportsTable>,
  kept: { items: readonly NewReportItem[]; media: readonly NewReportMedia[] },
): Promise<void> {
  await trx.insertInto('reports').values(report).execute();
  if (kept.items.length > 0)
    await trx
      .insertInto('report_items')
      .values(kept.items.map((item) => ({ ...item, report_id: report.id })))
      .execute();
  if (kept.media.length > 0)
    await trx
      .insertInto('report_media')
      .values(kept.media.map((image) => ({ ...image, report_id: report.id })))
      .execute();
}

export function findReport(db: Db, id: string): Promise<ReportRecord | undefined> {
  return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
}

export function reportsByIds(db: Db, dialect: Dialect, ids: readonly string[]): Promise<ReportRecord[]> {
  return loadInChunks(ids, (chunk) =>
    db
      .selectFrom('reports')
      .selectAll()
      .where(isOneOf(dialect, 'id', chunk))
      .execute(),
  );
}

/** What must hold of a report's row for a change to it to be made. */
export type ReportCondition =
  | { open: boolean }
  /** Assigned to someone (unassigning). */
  | { assigned: true }
  /** Not assigned to this moderator yet (assigning it to them). */
  | { notAssignedTo: string };

export type ReportChange = Partial<Pick<ReportRecord, 'assigned_id' | 'resolved_at' | 'resolved_by'>> & {
  updated_at: string;
};

/**
 * A change to a report in the queue, made only when `condition` holds of its row as it is: the report
 * as it now is, or undefined when it did not hold (or there is no such report). The update holds the
 * row until commit, so of two moderators acting at once the second sees the first's change.
 */
export function changeReport(
  trx: Db,
  id: string,
  condition: ReportCondition,
  change: ReportChange,
): Promise<ReportRecord | undefined> {
  let query = trx.updateTable('reports').set(change).where('id', '=', id);
  if ('open' in condition) query = query.where('resolved_at', condition.open ? 'is' : 'is not', null);
  else if ('assigned' in condition) query = query.where('assigned_id', 'is not', null);
  else {
    const { notAssignedTo } = condition;
    query = query.where((eb) =>
      eb.or([eb('assigned_id', 'is', null), eb('assigned_id', '!=', notAssignedTo)]),
    );
  }
  return query.returningAll().executeTakeFirst();
}

/** Which reports of the queue a list shows. */
export interface QueueFilter {
  /** The resolved reports instead of the open ones. */
  resolved: boolean;
  /** Only those about this account (`reports_by_target`). */
  targetId?: string | undefined;
  /** Only those this person filed (`reports_by_reporter`). */
  reporterId?: string | undefined;
}

/**
 * A window of the moderators' queue: the open reports (`reports_queue`: resolved_at null, by time) or
 * the resolved ones, newest first unless the window reads oldest first.
 */
export function queueWindow(db: Db, filter: QueueFilter, window: TimeWindow): Promise<ReportRecord[]> {
  let query = db
    .selectFrom('reports')
    .selectAll()
    .where('resolved_at', filter.resolved ? 'is not' : 'is', null);
  if (filter.targetId !== undefined) query = query.where('target_id', '=', filter.targetId);
  if (filter.reporterId !== undefined) query = query.where('reporter_id', '=', filter.reporterId);
  return withinWindow(query, ['created_at', 'id'], window).execute();
}

/** A page of the queue after the cursor's key, newest first. */
export function queuePage(
  db: Db,
  resolved: boolean,
  after: ReportKey | undefined,
  limit: number,
): Promise<ReportRecord[]> {
  return queueWindow(db, { resolved }, { olderThan: after, oldestFirst: false, limit });
}

/** How many reports are open (by the queue's index, `resolved_at` first). */
export async function openReportCount(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('resolved_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A page of the reports a person filed, newest first (`reports_by_reporter`). */
export function reporterPage(
  db: Db,
  reporterId: string,
  after: ReportKey | undefined,
  limit: number,
): Promise<ReportRecord[]> {
  const query = db.selectFrom('reports').selectAll().where('reporter_id', '=', reporterId);
  return withinWindow(query, ['created_at', 'id'], { olderThan: after, oldestFirst: false, limit }).execute();
}

/** The latest `limit` reports about an account (`reports_by_target`), for its page in the moderation area. */
export function reportsAbout(db: Db, targetId: string, limit: number): Promise<ReportRecord[]> {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('target_id', '=', targetId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** How many reports name each of these accounts (`reports_by_target`). */
export async function reportCountsAbout(
  db: Db,
  dialect: Dialect,
  targetIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await loadInChunks(targetIds, (chunk) =>
    db
      .selectFrom('reports')
      .select((eb) => ['target_id', eb.fn.countAll<number | string>().as('n')])
      .where(isOneOf(dialect, 'target_id', chunk))
      .groupBy('target_id')
      .execute(),
  );
  // PostgreSQL answers count(*) as a bigint, which arrives as text.
  return new Map(rows.map((row) => [row.target_id, Number(row.n)]));
}

/** The items of these reports, each report's oldest post or comment first. */
export function itemsOf(db: Db, dialect: Dialect, reportIds: readonly string[]): Promise<ReportItemRecord[]> {
  return loadInChunks(reportIds, (chunk) =>
    db
      .selectFrom('report_items')
      .selectAll()
      .where(isOneOf(dialect, 'report_id', chunk))
      .orderBy('report_id')
      .orderBy('posted_at')
      .execute(),
  );
}

/** The images these reports keep, each item's in its order; those whose files are deleted are gone. */
export function mediaOf(
  db: Db,
  dialect: Dialect,
  reportIds: readonly string[],
): Promise<ReportMediaRecord[]> {
  return loadInChunks(reportIds, (chunk) =>
    db
      .selectFrom('report_media')
      .selectAll()
      .where(isOneOf(dialect, 'report_id', chunk))
      .orderBy('report_id')
      .orderBy('position')
      .execute(),
  );
}

/**
 * The stored files of an image a report keeps: its media row's, whatever became of its post, its
 * author or the image since (while the report is open, the sweep leaves them).
 */
export function keptMediaFiles(
  db: Db,
  input: { reportId: string; mediaId: string },
): Promise<{ key: string; extension: string; content_type: string } | undefined> {
  return db
    .selectFrom('report_media')
    .innerJoin('media', 'media.id', 'report_media.media_id')
    .select(['media.key', 'media.extension', 'media.content_type'])
    .where('report_media.report_id', '=', input.reportId)
    .where('report_media.media_id', '=', input.mediaId)
    .executeTakeFirst();
}
