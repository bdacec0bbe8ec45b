import websocket from '@fastify/websocket';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpError, unavailable } from '../../platform/http/errors.js';
import { eventsPausedMessage, reserveStream } from '../../platform/http/stream-places.js';
import { beginEventStream, ServerSentEvents } from '../../platform/live/event-stream.js';
import { defaultHubOptions } from '../../platform/live/hub.js';
import { accessOf } from '../../use-cases/mastodon/oauth.js';
import { bearerOf, invalidToken, refuseUntilAdmitted } from './auth.js';
import { readerOf } from './request-schemas.js';
import {
  EventStreamConnection,
  isRefusal,
  MastodonStreams,
  subscriptionOf,
  WebSocketConnection,
  type StreamViewer,
} from './stream-connections.js';
import { urisFor } from '../uris.js';

/**
 * `/api/v1/streaming`: the Mastodon streaming API (https://docs.joinmastodon.org/methods/streaming/).
 * A WebSocket at `/api/v1/streaming` carries any number of streams, subscribed to with
 * `{"type":"subscribe","stream":"hashtag","tag":"cats"}` (or `?stream=` on connecting); each server-sent
 * event stream under it (`/user`, `/public`, `/hashtag?tag=…`, …) carries one. The token comes in the
 * `Authorization` header, the `access_token` parameter, or as the WebSocket's protocol (which the
 * handshake's answer names back, as browsers require). Public streams need no token; `user` needs
 * `read:statuses`, `user:notification` `read:notifications`. A person's connection takes one of their
 * stream places (as Sync's `/api/events` does), and ends when their sessions end or its token is revoked.
 * Who gets what, and how it is rendered: stream-connections.ts.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** Who opens a streaming connection, set by its preHandler. */
    streamViewer: StreamViewer | null;
  }
}

/** The server-sent event streams, by path, and the stream each is. */
const eventStreamPaths = {
  '/user': 'user',
  '/user/notification': 'user:notification',
  '/public': 'public',
  '/public/local': 'public:local',
  '/hashtag': 'hashtag',
  '/hashtag/local': 'hashtag:local',
};

/**
 * The comments that open and keep alive an event stream, framed exactly as Mastodon's streaming server
 * writes them: a comment line with no blank line after it. The standard lets a comment stand alone
 * either way, but Mastodon.py ends an event at every blank line, so `:)\n\n` reached it as an event with
 * no `event` field and its stream died at once (MastodonMalformedEventError). Sync's own `/api/events`
 * keeps the standard's blank line (api/sync/events.ts).
 */
const mastodonOpening = ':)\n';
const mastodonHeartbeat = ':thump\n';

/** A WebSocket's messages are small subscriptions: nothing larger is read. */
const maxMessageBytes = 4096;

const text = Type.Optional(Type.String());

/** A streaming request's query: its token, and the stream it opens (`only_media`: the public ones'). */
const StreamQuery = Type.Object({
  access_token: text,
  stream: text,
  tag: text,
  only_media: Type.Optional(Type.Boolean()),
});

/** A WebSocket's message, read as a request is (`{"type":"subscribe","stream":"hashtag","tag":"cats"}`). */
const readMessage = readerOf(Type.Object({ type: text, stream: text, tag: text }));

/**
 * The token of a streaming request: header, then the `access_token` parameter, then (WebSocket) the
 * first protocol.
 */
function tokenOf(request: FastifyRequest, accessToken: string | undefined): string | undefined {
  const protocol = request.ws ? request.headers['sec-websocket-protocol']?.split(',')[0]?.trim() : undefined;
  return bearerOf(request) ?? (accessToken || undefined) ?? (protocol || undefined);
}

export const streamingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps, live } = app;
  const streams = new MastodonStreams(deps);
  live.addAudience(streams);
  await app.register(websocket, { options: { maxPayload: maxMessageBytes } });
  app.decorateRequest('streamViewer', null);

  /**
   * Who connects: a token given must be valid (401), even for public streams, and is refused (403) as
   * the REST API refuses it while its person waits for approval or to confirm their address; a person's
   * connection takes one of their stream places (429 past the cap), given back when it closes, or when it
   * fails to open; none opens while live events are paused (503).
   */
  const connect = async (request: FastifyRequest, reply: FastifyReply, accessToken: string | undefined) => {
    const token = tokenOf(request, accessToken);
    const access = token === undefined ? undefined : await accessOf(deps, token);
    if (token !== undefined && !access) throw invalidToken();
    if (access) refuseUntilAdmitted(access);
    if (!live.healthy) throw unavailable(eventsPausedMessage);
    const userId = access?.user?.id;
    const reservation = userId === undefined ? undefined : await reserveStream(live, userId);
    // A WebSocket's connection is its own from the upgrade on; an event stream is its answer.
    if (reservation)
      (request.ws ? request.raw.socket : reply.raw).once('close', () => live.release(reservation));
    request.streamViewer = { access, uris: urisFor(request), reservation };
  };
  const viewerOf = (request: FastifyRequest): StreamViewer => {
    if (!request.streamViewer) throw invalidToken();
    return request.streamViewer;
  };

  // Apps check that the streaming server is up before connecting.
  app.get('/health', { config: { unqueued: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send('OK'),
  );

  app.route({
    method: 'GET',
    url: '/',
    // An open stream would hold one of the admission turns for as long as it lasts.
    config: { unqueued: true },
    exposeHeadRoute: false,
    schema: { querystring: StreamQuery },
    preHandler: (request, reply) => connect(request, reply, request.query.access_token),
    // A plain request on the API's own host: Mastodon answers that the streaming server is this host.
    handler: async (_request, reply) =>
      reply.code(404).send({ error: 'Connect with a WebSocket, or to one of the streams under this path.' }),
    wsHandler: (socket, request) => {
      const viewer = viewerOf(request);
      const connection = new WebSocketConnection(viewer, socket, defaultHubOptions.maxBufferedBytes);
      streams.add(connection);
      socket.on('close', () => streams.remove(connection));
      socket.on('message', (data, isBinary) => {
        if (isBinary) return;
        let message: unknown;
        try {
          message = JSON.parse(String(data));
        } catch {
          return;
        }
        const { type, stream, tag } = readMessage(message);
        connection.receive(type, stream, tag);
      });
      const { stream, tag } = request.query;
      if (stream !== undefined) connection.subscribe(subscriptionOf(stream, tag, viewer.access));
    },
  });

  for (const [path, name] of Object.entries(eventStreamPaths)) {
    app.get(
      path,
      {
        config: { unqueued: true },
        exposeHeadRoute: false,
        schema: { querystring: StreamQuery },
        preHandler: (request, reply) => connect(request, reply, request.query.access_token),
      },
      async (request, reply) => {
        const viewer = viewerOf(request);
        const media = name.startsWith('public') && request.query.only_media;
        const subscription = subscriptionOf(media ? `${name}:media` : name, request.query.tag, viewer.access);
        if (isRefusal(subscription)) throw new HttpError(subscription.status, subscription.error);
        const response = beginEventStream(request, reply, mastodonOpening);
        const connection = new EventStreamConnection(
          viewer,
          subscription,
          new ServerSentEvents(response, defaultHubOptions.maxBufferedBytes, mastodonHeartbeat),
        );
        streams.add(connection);
        response.once('close', () => streams.remove(connection));
      },
    );
  }
};
