import type { FastifyPluginAsync } from 'fastify';
import * as statuses from '../../use-cases/statuses.js';
import { mastodonAccess, mastodonViewer } from './auth.js';
import { setStatusLinks, timeWindowOf, windowOf } from './paging.js';
import { booleanParam, stringParam } from './params.js';
import { statusesFor } from './views.js';

/**
 * `/api/v1/timelines`: home, public (every Sync post is local and public) and a tag's. Sync's posts carry
 * no media yet, so `only_media` lists nothing.
 */
export const timelineRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  app.get(
    '/home',
    { preHandler: mastodonAccess(app, { user: true, scope: 'read:statuses' }) },
    async (request, reply) => {
      const window = timeWindowOf(windowOf(request.query));
      const page = statusesFor(
        request,
        await statuses.homeTimeline(deps, { viewerId: mastodonViewer(request).id, window }),
      );
      setStatusLinks(request, reply, page);
      return page;
    },
  );

  app.get(
    '/public',
    { preHandler: mastodonAccess(app, { public: true, scope: 'read:statuses' }) },
    async (request, reply) => {
      // Other servers' posts only: Sync has none yet.
      if (booleanParam(request.query, 'remote')) return [];
      if (booleanParam(request.query, 'only_media')) return [];
      const window = timeWindowOf(windowOf(request.query));
      const page = statusesFor(
        request,
        await statuses.publicTimeline(deps, { viewerId: request.viewer?.id, window }),
      );
      setStatusLinks(request, reply, page);
      return page;
    },
  );

  app.get(
    '/tag/:hashtag',
    { preHandler: mastodonAccess(app, { public: true, scope: 'read:statuses' }) },
    async (request, reply) => {
      if (booleanParam(request.query, 'only_media')) return [];
      const window = timeWindowOf(windowOf(request.query));
      const tag = stringParam(request.params, 'hashtag') ?? '';
      const page = statusesFor(
        request,
        await statuses.tagTimeline(deps, { tag, viewerId: request.viewer?.id, window }),
      );
      setStatusLinks(request, reply, page);
      return page;
    },
  );
};
