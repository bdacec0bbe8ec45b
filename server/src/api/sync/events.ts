import { ErrorBody } from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { beginEventStream } from '../../platform/live/event-stream.js';
import { reserveStream } from '../../platform/http/stream-places.js';
import { viewerOf } from './auth.plugin.js';

const EventsHeaders = Type.Object({ 'last-event-id': Type.Optional(Type.String({ maxLength: 200 })) });

/** `GET /api/events`: the signed-in user's server-sent events (see hub.ts), written by hand (event-stream.ts). */
export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: { headers: EventsHeaders, response: { '4xx': ErrorBody, '5xx': ErrorBody } },
      preHandler: app.requireUser,
      // A HEAD would take a stream's place and hold it open without a body.
      exposeHeadRoute: false,
      // An open stream would hold one of the admission turns for as long as it lasts.
      config: { unqueued: true },
    },
    async (request, reply) => {
      const reservation = await reserveStream(app.live, viewerOf(request).id);
      const response = beginEventStream(request, reply, ': open\n\n');
      app.live.attach(reservation, response, request.headers['last-event-id']);
    },
  );
};
