import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Filter, FilterKeyword, V1Filter } from '@sync/contract/mastodon';
import { answeredWith } from './answer-schemas.js';
import { filterKeywordView, filterView, v1FiltersView } from '../../read/views/mastodon/filters.js';
import {
  createFilter,
  deleteFilter,
  listFilters,
  updateFilter,
  type KeywordEdit,
} from '../../use-cases/shared/filters.js';
import * as filters from '../../use-cases/mastodon/filters.js';
import { mastodonAccess, mastodonViewer } from './auth.js';
import { booleanParam, listParam, objectListParam, stringParam } from './params.js';

/**
 * Keyword filters: `/api/v2/filters` and their keywords, and `GET /api/v1/filters` (each keyword as a
 * v1 filter) for the apps that still read that. Sync filters by keywords only: the v2 routes for
 * filtering single statuses are not here.
 */

/** `expires_in`: seconds from now; empty: never; left out: undefined. */
function expiresInParam(body: unknown): number | null | undefined {
  const text = stringParam(body, 'expires_in');
  if (text === undefined) return undefined;
  return text.trim() === '' ? null : Number(text);
}

/** `context[]`, undefined when it is not sent at all (an update that leaves the contexts as they are). */
function contextParam(body: unknown): string[] | undefined {
  const contexts = listParam(body, 'context');
  if (contexts.length > 0) return contexts;
  const sent = stringParam(body, 'context') !== undefined || objectListParam(body, 'context') !== undefined;
  return sent ? [] : undefined;
}

/** `keywords_attributes[]`: `keyword`, `whole_word`, and on an update `id` and `_destroy`. */
const keywordEditsParam = (body: unknown): KeywordEdit[] =>
  (objectListParam(body, 'keywords_attributes') ?? []).map((attributes) => ({
    id: stringParam(attributes, 'id'),
    keyword: stringParam(attributes, 'keyword'),
    wholeWord: booleanParam(attributes, 'whole_word'),
    destroy: booleanParam(attributes, '_destroy'),
  }));

const idOf = (request: FastifyRequest) => stringParam(request.params, 'id') ?? '';

export const filterRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  const reads = { preHandler: mastodonAccess(app, { user: true, scope: 'read:filters' }) };
  const writes = { preHandler: mastodonAccess(app, { user: true, scope: 'write:filters' }) };
  const userId = (request: FastifyRequest) => mastodonViewer(request).id;

  app.get('/', { ...reads, schema: answeredWith(Type.Array(Filter)) }, async (request) =>
    (await listFilters(deps, { userId: userId(request) })).map(filterView),
  );

  app.post('/', { ...writes, schema: answeredWith(Filter) }, async (request) => {
    const { body } = request;
    const filter = await createFilter(deps, {
      userId: userId(request),
      filter: {
        title: stringParam(body, 'title') ?? '',
        contexts: contextParam(body) ?? [],
        action: stringParam(body, 'filter_action') ?? 'warn',
        expiresInSeconds: expiresInParam(body),
        // A new filter's keywords are all new: ids and removals name nothing yet.
        keywords: keywordEditsParam(body)
          .filter((edit) => !edit.destroy)
          .map((edit) => ({ keyword: edit.keyword ?? '', wholeWord: edit.wholeWord ?? true })),
      },
    });
    return filterView(filter);
  });

  app.get('/:id', { ...reads, schema: answeredWith(Filter) }, async (request) =>
    filterView(await filters.filterOf(deps, { userId: userId(request), filterId: idOf(request) })),
  );

  app.put('/:id', { ...writes, schema: answeredWith(Filter) }, async (request) => {
    const { body } = request;
    const filter = await updateFilter(deps, {
      userId: userId(request),
      filterId: idOf(request),
      changes: {
        title: stringParam(body, 'title'),
        contexts: contextParam(body),
        action: stringParam(body, 'filter_action'),
        expiresInSeconds: expiresInParam(body),
        keywordEdits: keywordEditsParam(body),
      },
    });
    return filterView(filter);
  });

  app.delete('/:id', writes, async (request) => {
    await deleteFilter(deps, { userId: userId(request), filterId: idOf(request) });
    return {};
  });

  app.get('/:id/keywords', { ...reads, schema: answeredWith(Type.Array(FilterKeyword)) }, async (request) =>
    (await filters.keywordsOf(deps, { userId: userId(request), filterId: idOf(request) })).map(
      filterKeywordView,
    ),
  );

  app.post('/:id/keywords', { ...writes, schema: answeredWith(FilterKeyword) }, async (request) => {
    const keyword = await filters.addKeyword(deps, {
      userId: userId(request),
      filterId: idOf(request),
      keyword: {
        keyword: stringParam(request.body, 'keyword') ?? '',
        wholeWord: booleanParam(request.body, 'whole_word') ?? true,
      },
    });
    return filterKeywordView(keyword);
  });

  app.get('/keywords/:id', { ...reads, schema: answeredWith(FilterKeyword) }, async (request) =>
    filterKeywordView(await filters.keywordOf(deps, { userId: userId(request), keywordId: idOf(request) })),
  );

  app.put('/keywords/:id', { ...writes, schema: answeredWith(FilterKeyword) }, async (request) => {
    const keyword = await filters.changeKeyword(deps, {
      userId: userId(request),
      keywordId: idOf(request),
      keyword: stringParam(request.body, 'keyword'),
      wholeWord: booleanParam(request.body, 'whole_word'),
    });
    return filterKeywordView(keyword);
  });

  app.delete('/keywords/:id', writes, async (request) => {
    await filters.removeKeyword(deps, { userId: userId(request), keywordId: idOf(request) });
    return {};
  });
};

/** `GET /api/v1/filters`: the same keywords in filters v1's shape. */
export const v1FilterRoutes: FastifyPluginAsync = async (app) => {
  const reads = mastodonAccess(app, { user: true, scope: 'read:filters' });
  app.get('/', { preHandler: reads, schema: answeredWith(Type.Array(V1Filter)) }, async (request) =>
    v1FiltersView(await listFilters(app.deps, { userId: mastodonViewer(request).id })),
  );
};
