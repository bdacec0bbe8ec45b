import { ErrorBody } from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { viewerOf } from './auth.plugin.js';

const EventsHeaders = Type.Object({ 'last-event-id': Type.Optional(Type.String({ maxLength: 200 })) });

/**
 * `GET /api/events`: the signed-in user's server-sent events (see hub.ts). The answer is written by
 * hand (hijacked): Fastify's serialisation, compression and timeouts are for answers that end.
 */
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
      const reservation = await app.live.reserve(viewerOf(request).id);
      reply.hijack();
      const response = reply.raw;
      request.raw.socket.setNoDelay(true);
      // The headers every answer carries (security headers), then the stream's own.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) response.setHeader(name, value);
      }
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        // nginx and other proxies pass each event on at once instead of buffering the answer.
        'x-accel-buffering': 'no',
      });
      // The headers go out now, so the client knows the stream is open before any event.
      response.write(': open\n\n');
      app.live.attach(reservation, response, request.headers['last-event-id']);
    },
  );
};
