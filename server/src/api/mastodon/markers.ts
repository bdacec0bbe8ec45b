import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Markers } from '@sync/contract/mastodon';
import { answeredWith } from './answer-schemas.js';
import { markersView } from '../../read/views/mastodon/markers.js';
import * as markers from '../../use-cases/mastodon/markers.js';
import { mastodonAccess, mastodonViewer } from './auth.js';

/** Where the person stopped reading one timeline. */
const Position = Type.Object({ last_read_id: Type.Optional(Type.String()) });

/** `/api/v1/markers`: where the person stopped reading their home timeline and notifications. */
export const markerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app;

  app.get(
    '/',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'read:statuses' }),
      schema: {
        querystring: Type.Object({ timeline: Type.Array(Type.String(), { default: [] }) }),
        ...answeredWith(Markers),
      },
    },
    async (request) => {
      // Timelines Sync keeps no marker for are left out, as Mastodon leaves them.
      const timelines = request.query.timeline.filter(markers.isMarkerTimeline);
      return markersView(await markers.markersOf(deps, { userId: mastodonViewer(request).id, timelines }));
    },
  );

  app.post(
    '/',
    {
      preHandler: mastodonAccess(app, { user: true, scope: 'write:statuses' }),
      schema: { body: Type.Object({ home: Position, notifications: Position }), ...answeredWith(Markers) },
    },
    async (request) => {
      const positions = markers.markerTimelines.flatMap((timeline) => {
        const lastReadId = request.body[timeline].last_read_id;
        return lastReadId === undefined ? [] : [{ timeline, lastReadId }];
      });
      return markersView(await markers.saveMarkers(deps, { userId: mastodonViewer(request).id, positions }));
    },
  );
};
