import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Status, Tag } from '@sync/contract/mastodon';
import { Type } from 'typebox';
import { answeredWith } from './answer-schemas.js';
import { tagView } from '../../read/views/mastodon/tags.js';
import * as statuses from '../../use-cases/mastodon/statuses.js';
import * as tags from '../../use-cases/mastodon/tags.js';
import { mastodonAccess } from './auth.js';
import { offsetOf, offsetParams, setOffsetLinks, windowOf, windowParams } from './paging.js';
import { statusesFor } from './views.js';
import { urisFor } from '../uris.js';

/**
 * `/api/v1/trends`: the tags most used this week, with each day's use, and Sync's trending posts (the
 * most liked) as statuses; pages by `offset`, with `Link` headers as Mastodon's.
 */
const TrendsQuery = Type.Object({ ...windowParams, ...offsetParams });

export const trendRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  // `GET /api/v1/trends` is the older name of the trending tags, which some apps still call.
  for (const path of ['/tags', '/']) {
    app.get(
      path,
      {
        preHandler: mastodonAccess(app, { public: true }),
        schema: { querystring: TrendsQuery, ...answeredWith(Type.Array(Tag)) },
      },
      async (request, reply) => {
        const page = { limit: windowOf(request.query, 20, 10).limit, offset: offsetOf(request.query) };
        const usages = await tags.trendingTags(deps, page);
        setOffsetLinks(request, reply, { ...page, count: usages.length });
        return usages.map((usage) => tagView(usage, urisFor(request)));
      },
    );
  }

  app.get(
    '/statuses',
    {
      preHandler: mastodonAccess(app, { public: true, scope: 'read:statuses' }),
      schema: { querystring: TrendsQuery, ...answeredWith(Type.Array(Status)) },
    },
    async (request, reply) => {
      const page = { limit: windowOf(request.query).limit, offset: offsetOf(request.query) };
      const found = statusesFor(
        request,
        await statuses.trendingStatuses(deps, { ...page, viewerId: request.viewer?.id }),
      );
      setOffsetLinks(request, reply, { ...page, count: found.length });
      return found;
    },
  );
};
