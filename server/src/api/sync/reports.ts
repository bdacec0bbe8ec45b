import {
  AdminReportReply,
  OpenReportCountReply,
  AdminReportsReply,
  ErrorBody,
  IdParams,
  PageQuery,
  ReportBody,
  ReportMediaParams,
  ReportReply,
  ReportsReply,
  ResolveReportBody,
} from '@sync/contract';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as reports from '../../use-cases/sync/reports.js';
import { keptMediaFile } from '../../use-cases/shared/reports.js';
import { sendStoredFile } from '../stored-file.js';
import { viewerOf } from './auth.plugin.js';

/** `POST /api/reports` (a person reports an account) and `GET /api/reports` (their own reports). */
export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  app.post(
    '/',
    {
      schema: { body: ReportBody, response: { 201: ReportReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const { body } = request;
      const report = await reports.fileReport(deps, {
        reporter: viewerOf(request),
        target: { username: body.username },
        postIds: body.postIds ?? [],
        commentIds: body.commentIds ?? [],
        statusIds: [],
        category: body.category,
        ruleIds: body.ruleIds ?? [],
        comment: body.comment ?? '',
      });
      return reply.code(201).send({ report });
    },
  );

  app.get(
    '/',
    {
      schema: { querystring: PageQuery, response: { 200: ReportsReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) => reports.listOwnReports(deps, { viewerId: viewerOf(request).id, query: request.query }),
  );
};

const QueueQuery = Type.Object({ ...PageQuery.properties, resolved: Type.Optional(Type.Boolean()) });

/**
 * The moderators' queue, under /api/admin/reports: the open (or resolved) reports, how many are open, one report, the
 * files of the images a report keeps, and assign (to oneself), unassign, resolve, reopen. Permission
 * manage_reports, else 403 (use-cases/sync/reports.ts).
 */
export const reportQueueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  app.get(
    '/',
    {
      schema: { querystring: QueueQuery, response: { 200: AdminReportsReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    (request) =>
      reports.reportQueue(deps, {
        viewer: viewerOf(request),
        resolved: request.query.resolved ?? false,
        query: request.query,
      }),
  );

  app.get(
    '/open-count',
    { schema: { response: { 200: OpenReportCountReply, '4xx': ErrorBody } }, preHandler: app.requireUser },
    (request) => reports.openReportCount(deps, { viewer: viewerOf(request) }),
  );

  app.get(
    '/:id',
    {
      schema: { params: IdParams, response: { 200: AdminReportReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    async (request) => ({
      report: await reports.adminReport(deps, { viewer: viewerOf(request), id: request.params.id }),
    }),
  );

  // A kept image's file: never cached by anyone else, as it may be a deleted post's.
  for (const [suffix, preview] of [
    ['', false],
    ['/preview', true],
  ] as const) {
    app.get(
      `/:id/media/:mediaId${suffix}`,
      { schema: { params: ReportMediaParams, response: { '4xx': ErrorBody } }, preHandler: app.requireUser },
      async (request, reply) => {
        const file = await keptMediaFile(deps, {
          viewer: viewerOf(request),
          reportId: request.params.id,
          mediaId: request.params.mediaId,
          preview,
        });
        reply.header('cache-control', 'private, no-store');
        return sendStoredFile(deps.media.store, request, reply, file);
      },
    );
  }

  for (const action of ['assign', 'unassign', 'reopen'] as const) {
    app.post(
      `/:id/${action}`,
      {
        schema: { params: IdParams, response: { 200: AdminReportReply, '4xx': ErrorBody } },
        preHandler: app.requireUser,
      },
      async (request) => ({
        report: await reports.changeQueuedReport(deps, {
          viewer: viewerOf(request),
          id: request.params.id,
          action,
        }),
      }),
    );
  }

  app.post(
    '/:id/resolve',
    {
      schema: {
        params: IdParams,
        body: ResolveReportBody,
        response: { 200: AdminReportReply, '4xx': ErrorBody },
      },
      // The note is optional, and so is a body to carry it: none is read as an empty one.
      preValidation: async (request) => {
        request.body ??= {};
      },
      preHandler: app.requireUser,
    },
    async (request) => ({
      report: await reports.changeQueuedReport(deps, {
        viewer: viewerOf(request),
        id: request.params.id,
        action: 'resolve',
        note: request.body.note,
      }),
    }),
  );
};
