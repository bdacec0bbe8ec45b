import { DeletedReply, ErrorBody, FilterBody, FilterReply, FiltersReply, IdParams } from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from './auth.plugin.js';
import { filterView } from '../../read/views/sync/filters.js';
import * as useCases from '../../use-cases/shared/filters.js';

/** Keyword filters, each person's own: `GET|POST /api/filters`, `PUT|DELETE /api/filters/:id`. */
export const filterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  app.get(
    '/',
    { schema: { response: { 200: FiltersReply, '4xx': ErrorBody } }, preHandler: app.requireUser },
    async (request) => ({
      filters: (await useCases.listFilters(deps, { userId: viewerOf(request).id })).map(filterView),
    }),
  );

  const filterOf = (body: FilterBody) => ({
    title: body.title,
    contexts: body.context,
    action: body.action,
    expiresInSeconds: body.expiresInSeconds,
    keywords: body.keywords,
  });

  app.post(
    '/',
    {
      schema: { body: FilterBody, response: { 201: FilterReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const filter = await useCases.createFilter(deps, {
        userId: viewerOf(request).id,
        filter: filterOf(request.body),
      });
      return reply.code(201).send({ filter: filterView(filter) });
    },
  );

  app.put(
    '/:id',
    {
      schema: { params: IdParams, body: FilterBody, response: { 200: FilterReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    async (request) => {
      const filter = await useCases.updateFilter(deps, {
        userId: viewerOf(request).id,
        filterId: request.params.id,
        changes: filterOf(request.body),
      });
      return { filter: filterView(filter) };
    },
  );

  app.delete(
    '/:id',
    {
      schema: { params: IdParams, response: { 200: DeletedReply, '4xx': ErrorBody } },
      preHandler: app.requireUser,
    },
    async (request) => {
      await useCases.deleteFilter(deps, { userId: viewerOf(request).id, filterId: request.params.id });
      return { deleted: request.params.id };
    },
  );
};
