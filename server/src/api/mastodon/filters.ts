import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { Empty, Filter, FilterKeyword, V1Filter } from '@sync/contract/mastodon';
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
import { IdParams } from './request-schemas.js';

/**
 * Keyword filters: `/api/v2/filters` and their keywords, and `GET /api/v1/filters` (each keyword as a
 * v1 filter) for the apps that still read that. Sync filters by keywords only: the v2 routes for
 * filtering single statuses are not here.
 */

const text = Type.Optional(Type.String());

/**
 * A filter's changes: `context[]` undefined when it is not sent at all (an update that leaves the
 * contexts as they are), `expires_in` in seconds from now (empty: never), `keywords_attributes[]` with
 * `keyword`, `whole_word`, and on an update `id` and `_destroy`.
 */
const FilterChanges = Type.Object({
  title: text,
  context: Type.Optional(Type.Array(Type.String())),
  filter_action: text,
  expires_in: text,
  keywords_attributes: Type.Array(
    Type.Object({
      id: text,
      keyword: text,
      whole_word: Type.Optional(Type.Boolean()),
      _destroy: Type.Optional(Type.Boolean()),
    }),
    { default: [] },
  ),
});
type FilterChanges = Static<typeof FilterChanges>;

/** A new filter: a title and an action unless given. */
const NewFilter = Type.Object({
  ...FilterChanges.properties,
  title: Type.String({ default: '' }),
  filter_action: Type.String({ default: 'warn' }),
});

/** `expires_in`: seconds from now; empty: never; left out: undefined. */
function expiresInOf(text: string | undefined): number | null | undefined {
  if (text === undefined) return undefined;
  return text.trim() === '' ? null : Number(text);
}

const keywordEditsOf = (body: FilterChanges): KeywordEdit[] =>
  body.keywords_attributes.map((attributes) => ({
    id: attributes.id,
    keyword: attributes.keyword,
    wholeWord: attributes.whole_word,
    destroy: attributes._destroy,
  }));

const NewKeyword = Type.Object({
  keyword: Type.String({ default: '' }),
  whole_word: Type.Boolean({ default: true }),
});
const KeywordChanges = Type.Object({ keyword: text, whole_word: Type.Optional(Type.Boolean()) });

export const filterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;
  const reads = { preHandler: mastodonAccess(app, { user: true, scope: 'read:filters' }) };
  const writes = { preHandler: mastodonAccess(app, { user: true, scope: 'write:filters' }) };
  const userId = (request: FastifyRequest) => mastodonViewer(request).id;

  app.get('/', { ...reads, schema: answeredWith(Type.Array(Filter)) }, async (request) =>
    (await listFilters(deps, { userId: userId(request) })).map(filterView),
  );

  app.post('/', { ...writes, schema: { body: NewFilter, ...answeredWith(Filter) } }, async (request) => {
    const { body } = request;
    const filter = await createFilter(deps, {
      userId: userId(request),
      filter: {
        title: body.title,
        contexts: body.context ?? [],
        action: body.filter_action,
        expiresInSeconds: expiresInOf(body.expires_in),
        // A new filter's keywords are all new: ids and removals name nothing yet.
        keywords: keywordEditsOf(body)
          .filter((edit) => !edit.destroy)
          .map((edit) => ({ keyword: edit.keyword ?? '', wholeWord: edit.wholeWord ?? true })),
      },
    });
    return filterView(filter);
  });

  app.get('/:id', { ...reads, schema: { params: IdParams, ...answeredWith(Filter) } }, async (request) =>
    filterView(await filters.filterOf(deps, { userId: userId(request), filterId: request.params.id })),
  );

  app.put(
    '/:id',
    { ...writes, schema: { params: IdParams, body: FilterChanges, ...answeredWith(Filter) } },
    async (request) => {
      const { body } = request;
      const filter = await updateFilter(deps, {
        userId: userId(request),
        filterId: request.params.id,
        changes: {
          title: body.title,
          contexts: body.context,
          action: body.filter_action,
          expiresInSeconds: expiresInOf(body.expires_in),
          keywordEdits: keywordEditsOf(body),
        },
      });
      return filterView(filter);
    },
  );

  app.delete('/:id', { ...writes, schema: { params: IdParams, ...answeredWith(Empty) } }, async (request) => {
    await deleteFilter(deps, { userId: userId(request), filterId: request.params.id });
    return {};
  });

  app.get(
    '/:id/keywords',
    { ...reads, schema: { params: IdParams, ...answeredWith(Type.Array(FilterKeyword)) } },
    async (request) =>
      (await filters.keywordsOf(deps, { userId: userId(request), filterId: request.params.id })).map(
        filterKeywordView,
      ),
  );

  app.post(
    '/:id/keywords',
    { ...writes, schema: { params: IdParams, body: NewKeyword, ...answeredWith(FilterKeyword) } },
    async (request) => {
      const keyword = await filters.addKeyword(deps, {
        userId: userId(request),
        filterId: request.params.id,
        keyword: {
          keyword: request.body.keyword,
          wholeWord: request.body.whole_word,
        },
      });
      return filterKeywordView(keyword);
    },
  );

  app.get(
    '/keywords/:id',
    { ...reads, schema: { params: IdParams, ...answeredWith(FilterKeyword) } },
    async (request) =>
      filterKeywordView(
        await filters.keywordOf(deps, { userId: userId(request), keywordId: request.params.id }),
      ),
  );

  app.put(
    '/keywords/:id',
    { ...writes, schema: { params: IdParams, body: KeywordChanges, ...answeredWith(FilterKeyword) } },
    async (request) => {
      const keyword = await filters.changeKeyword(deps, {
        userId: userId(request),
        keywordId: request.params.id,
        keyword: request.body.keyword,
        wholeWord: request.body.whole_word,
      });
      return filterKeywordView(keyword);
    },
  );

  app.delete(
    '/keywords/:id',
    { ...writes, schema: { params: IdParams, ...answeredWith(Empty) } },
    async (request) => {
      await filters.removeKeyword(deps, { userId: userId(request), keywordId: request.params.id });
      return {};
    },
  );
};

/** `GET /api/v1/filters`: the same keywords in filters v1's shape. */
export const v1FilterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const reads = mastodonAccess(app, { user: true, scope: 'read:filters' });
  app.get('/', { preHandler: reads, schema: answeredWith(Type.Array(V1Filter)) }, async (request) =>
    v1FiltersView(await listFilters(app.deps, { userId: mastodonViewer(request).id })),
  );
};
