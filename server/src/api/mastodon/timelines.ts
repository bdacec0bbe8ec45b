import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TimeWindow } from '../../platform/db/keyset.js';
import * as statuses from '../../use-cases/mastodon/statuses.js';
import { mastodonAccess, mastodonViewer } from './auth.js';
import { setStatusLinks, timeWindowOf, windowOf } from './paging.js';
import { booleanParam, stringParam } from './params.js';
import { statusesTextFor } from './views.js';
import { sendJsonText } from '../json-text.js';

/**
 * `/api/v1/timelines`: home, public (every Sync post is local and public) and a tag's. Sync's posts carry
 * no media yet, so `only_media` lists nothing.
 */
export const timelineRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  /** A window of statuses as JSON text (what every viewer sees of each is kept), with its Link header. */
  const sendPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    window: TimeWindow,
    found: statuses.StatusWindow,
  ) => {
    const { text, ids } = statusesTextFor(request, found);
    setStatusLinks(request, reply, ids, window, found);
    return sendJsonText(reply, text);
  };

  app.get(
    '/home',
    { preHandler: mastodonAccess(app, { user: true, scope: 'read:statuses' }) },
    async (request, reply) => {
      const window = timeWindowOf(windowOf(request.query));
      return sendPage(
        request,
        reply,
        window,
        await statuses.homeTimeline(deps, { viewerId: mastodonViewer(request).id, window }),
      );
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
      return sendPage(
        request,
        reply,
        window,
        await statuses.publicTimeline(deps, { viewerId: request.viewer?.id, window }),
      );
    },
  );

  app.get(
    '/tag/:hashtag',
    { preHandler: mastodonAccess(app, { public: true, scope: 'read:statuses' }) },
    async (request, reply) => {
      if (booleanParam(request.query, 'only_media')) return [];
      const window = timeWindowOf(windowOf(request.query));
      const tag = stringParam(request.params, 'hashtag') ?? '';
      return sendPage(
        request,
        reply,
        window,
        await statuses.tagTimeline(deps, { tag, viewerId: request.viewer?.id, window }),
      );
    },
  );
};
