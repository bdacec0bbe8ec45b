import {
  AdminReportReply,
  AdminReportsReply,
  ErrorBody,
  IdParams,
  PageQuery,
  ReportBody,
  ReportReply,
  ReportsReply,
  ResolveReportBody,
} from '@sync/contract';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as reports from '../../use-cases/reports.js';
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
 * The moderators' queue, under /api/admin/reports: the open (or resolved) reports, one report, and
 * assign (to oneself), unassign, resolve, reopen. Permission manage_reports, else 403
 * (use-cases/reports.ts).
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
    '/:id',
    {
      schema: { params: IdParams, response: { 200: AdminReportReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    async (request) => ({
      report: await reports.adminReport(deps, { viewer: viewerOf(request), id: request.params.id }),
    }),
  );

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
