import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { TimeWindow } from '../../platform/db/keyset.js';
import * as statuses from '../../use-cases/mastodon/statuses.js';
import { mastodonAccess, mastodonViewer } from './auth.js';
import { setStatusLinks, timeWindowOf, windowOf, WindowQuery, windowParams } from './paging.js';
import { statusesTextFor } from './views.js';
import { sendJsonText } from '../json-text.js';
import { answeredWith } from './answer-schemas.js';
import { Status } from '@sync/contract/mastodon';

/**
 * `/api/v1/timelines`: home, public (every Sync post is local and public) and a tag's. Sync's posts carry
 * no media yet, so `only_media` lists nothing.
 */
const PublicQuery = Type.Object({
  ...windowParams,
  remote: Type.Optional(Type.Boolean()),
  only_media: Type.Optional(Type.Boolean()),
});
const TagQuery = Type.Object({ ...windowParams, only_media: Type.Optional(Type.Boolean()) });

/** A page of statuses, spliced from kept text (sent as it is) or empty (serialised): decision 123. */
const statusPage = answeredWith(Type.Array(Status));

export const timelineRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'read:statuses' }),
      schema: { querystring: WindowQuery, ...statusPage },
    },
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
    {
      preHandler: mastodonAccess(app, { public: true, scope: 'read:statuses' }),
      schema: { querystring: PublicQuery, ...statusPage },
    },
    async (request, reply) => {
      // Other servers' posts only: Sync has none yet.
      if (request.query.remote) return [];
      if (request.query.only_media) return [];
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
    {
      preHandler: mastodonAccess(app, { public: true, scope: 'read:statuses' }),
      schema: { params: Type.Object({ hashtag: Type.String() }), querystring: TagQuery, ...statusPage },
    },
    async (request, reply) => {
      if (request.query.only_media) return [];
      const window = timeWindowOf(windowOf(request.query));
      const { hashtag: tag } = request.params;
      return sendPage(
        request,
        reply,
        window,
        await statuses.tagTimeline(deps, { tag, viewerId: request.viewer?.id, window }),
      );
    },
  );
};
