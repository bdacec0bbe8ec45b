import type { FastifyPluginAsync } from 'fastify';
import { Markers } from '@sync/contract/mastodon';
import { answeredWith } from './answer-schemas.js';
import { markersView } from '../../read/views/mastodon/markers.js';
import * as markers from '../../use-cases/mastodon/markers.js';
import { mastodonAccess, mastodonViewer } from './auth.js';
import { listParam, objectParam, stringParam } from './params.js';

/** `/api/v1/markers`: where the person stopped reading their home timeline and notifications. */
export const markerRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  app.get(
    '/',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'read:statuses' }),
      schema: answeredWith(Markers),
    },
    async (request) => {
      // Timelines Sync keeps no marker for are left out, as Mastodon leaves them.
      const timelines = listParam(request.query, 'timeline').filter(markers.isMarkerTimeline);
      return markersView(await markers.markersOf(deps, { userId: mastodonViewer(request).id, timelines }));
    },
  );

  app.post(
    '/',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'write:statuses' }),
      schema: answeredWith(Markers),
    },
    async (request) => {
      const positions = markers.markerTimelines.flatMap((timeline) => {
        const lastReadId = stringParam(objectParam(request.body, timeline), 'last_read_id');
        return lastReadId === undefined ? [] : [{ timeline, lastReadId }];
      });
      return markersView(await markers.saveMarkers(deps, { userId: mastodonViewer(request).id, positions }));
    },
  );
};
