import type { ReportCategory } from '@sync/contract';
import { AdminReport, Report } from '@sync/contract/mastodon';
import { answeredWith } from './answer-schemas.js';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { timeOfId } from '../../platform/db/ids.js';
import { HttpError, badRequest, recordNotFound } from '../../platform/http/errors.js';
import type { AccountRecord } from '../../read/hydration/accounts.js';
import type { HydratedReports } from '../../read/hydration/reports.js';
import { adminReportViews, reportView } from '../../read/views/mastodon/reports.js';
import { keptMediaFile, type QueueAction } from '../../use-cases/shared/reports.js';
import * as reports from '../../use-cases/mastodon/reports.js';
import { sendStoredFile } from '../stored-file.js';
import { mastodonAccess, mastodonViewer } from './auth.js';
import { continuesPast, setLinks, timeWindowOf, windowOf, windowParams } from './paging.js';
import { IdParams } from './request-schemas.js';
import { urisFor } from '../uris.js';

/**
 * `POST /api/v1/reports` and the admin API's reports (`/api/v1/admin/reports`), over the use cases of
 * Sync's own (use-cases/shared/reports.ts). A status id names a post or a comment. The admin routes need a
 * moderator, whatever the token's scopes: anyone else gets 403.
 */

const categories: readonly ReportCategory[] = ['spam', 'legal', 'violation', 'other'];
const isCategory = (value: string): value is ReportCategory =>
  (categories as readonly string[]).includes(value);

/** `category`, as Mastodon reads it: `other` unless given, `violation` when rules are cited without one. */
function categoryOf(category: string | undefined, ruleIds: readonly string[]): ReportCategory {
  if (category === undefined || category === '') return ruleIds.length > 0 ? 'violation' : 'other';
  if (!isCategory(category))
    throw new HttpError(
      422,
      `Validation failed: "${category}" is not a category: spam, legal, violation or other.`,
    );
  return category;
}

const ReportBody = Type.Object({
  account_id: Type.String({ default: '' }),
  status_ids: Type.Array(Type.String(), { default: [] }),
  rule_ids: Type.Array(Type.String(), { default: [] }),
  category: Type.Optional(Type.String()),
  comment: Type.String({ default: '' }),
});

export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  // `forward` is for accounts of other servers: every account is local.
  app.post(
    '/',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'write:reports' }),
      schema: { body: ReportBody, ...answeredWith(Report) },
    },
    async (request) => {
      const { body } = request;
      const ruleIds = body.rule_ids;
      const hydrated = await reports.reportAccount(deps, {
        reporter: mastodonViewer(request),
        target: { id: body.account_id },
        postIds: [],
        commentIds: [],
        statusIds: body.status_ids,
        category: categoryOf(body.category, ruleIds),
        ruleIds,
        comment: body.comment,
      });
      const [record] = hydrated.records;
      const report = record && reportView(hydrated, record, urisFor(request));
      if (!report) throw recordNotFound();
      return report;
    },
  );
};

/** Mastodon's sizes for the admin lists: 100 reports a page unless asked, at most 200. */
const pageSizes = { fallback: 100, max: 200 };

/** A report id's keyset key ([created_at, id]): report ids are UUIDv7, which carry their time. */
function keyOfReportId(id: string): [string, string] {
  const time = timeOfId(id);
  if (!time) throw badRequest(`"${id}" is not a report id.`);
  return [time.toISOString(), id];
}

const actions: Record<string, QueueAction> = {
  assign_to_self: 'assign',
  unassign: 'unassign',
  resolve: 'resolve',
  reopen: 'reopen',
};

/**
 * The queue's query. `resolved`: the resolved reports instead of the open ones (Mastodon's default).
 * `by_target_domain` is for accounts of other servers: every account is local.
 */
const QueueQuery = Type.Object({
  ...windowParams,
  resolved: Type.Boolean({ default: false }),
  account_id: Type.Optional(Type.String()),
  target_account_id: Type.Optional(Type.String()),
});

export const adminReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;
  const read = mastodonAccess(app, { user: true, scope: 'admin:read:reports' });
  const write = mastodonAccess(app, { user: true, scope: 'admin:write:reports' });
  const views = (request: FastifyRequest, hydrated: HydratedReports<AccountRecord>) =>
    adminReportViews(hydrated, urisFor(request), deps.clock.now());
  const one = (request: FastifyRequest, hydrated: HydratedReports<AccountRecord>) => {
    const [report] = views(request, hydrated);
    if (!report) throw recordNotFound();
    return report;
  };

  app.get(
    '/',
    { preHandler: read, schema: { querystring: QueueQuery, ...answeredWith(Type.Array(AdminReport)) } },
    async (request, reply) => {
      const { query } = request;
      const window = timeWindowOf(windowOf(query, pageSizes.max, pageSizes.fallback), keyOfReportId);
      const hydrated = await reports.reportQueueWindow(deps, {
        viewer: mastodonViewer(request),
        filter: {
          resolved: query.resolved,
          reporterId: query.account_id || undefined,
          targetId: query.target_account_id || undefined,
        },
        window,
      });
      setLinks(request, reply, {
        newest: hydrated.records[0]?.id,
        oldest: hydrated.records.at(-1)?.id,
        continues: continuesPast(hydrated.records.length, window.limit, undefined),
      });
      return views(request, hydrated);
    },
  );

  const reportAnswered = { params: IdParams, ...answeredWith(AdminReport) };
  app.get('/:id', { preHandler: read, schema: reportAnswered }, async (request) =>
    one(
      request,
      await reports.adminReportAccounts(deps, { viewer: mastodonViewer(request), id: request.params.id }),
    ),
  );

  // Not Mastodon's (its files are public): the images a report keeps, whose post may be gone, are
  // served to the staff only, with their token, and never cached by anyone else.
  for (const [suffix, preview] of [
    ['', false],
    ['/preview', true],
  ] as const) {
    app.get(
      `/:id/media/:media_id${suffix}`,
      { preHandler: read, schema: { params: Type.Object({ id: Type.String(), media_id: Type.String() }) } },
      async (request, reply) => {
        const file = await keptMediaFile(deps, {
          viewer: mastodonViewer(request),
          reportId: request.params.id,
          mediaId: request.params.media_id,
          preview,
        });
        reply.header('cache-control', 'private, no-store');
        return sendStoredFile(deps.media.store, request, reply, file);
      },
    );
  }

  for (const [path, action] of Object.entries(actions)) {
    app.post(`/:id/${path}`, { preHandler: write, schema: reportAnswered }, async (request) =>
      one(
        request,
        await reports.changeQueuedReportAccounts(deps, {
          viewer: mastodonViewer(request),
          id: request.params.id,
          action,
        }),
      ),
    );
  }
};
