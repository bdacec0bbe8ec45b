import { ErrorBody } from '@sync/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { LiveEventsPaused, TooManyStreams, type LiveHub } from '../../platform/live/hub.js';
import { HttpError, unavailable } from '../../platform/http/errors.js';
import { viewerOf } from './auth.plugin.js';

const EventsHeaders = Type.Object({ 'last-event-id': Type.Optional(Type.String({ maxLength: 200 })) });

export const eventsPausedMessage =
  'Live updates are paused: the server cannot reach its event channel. Reconnect in a few seconds.';

/** Takes one of the user's stream places: 503 while events are paused, 429 past the cap. */
async function reserveStream(live: LiveHub, userId: string) {
  try {
    return await live.reserve(userId);
  } catch (error) {
    if (error instanceof LiveEventsPaused) throw unavailable(eventsPausedMessage);
    if (error instanceof TooManyStreams) {
      throw new HttpError(
        429,
        `You already have ${error.max} live update streams open (one per tab or device). Close a tab or another device's session, then reload.`,
      );
    }
    throw error;
  }
}

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
      const reservation = await reserveStream(app.live, viewerOf(request).id);
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
