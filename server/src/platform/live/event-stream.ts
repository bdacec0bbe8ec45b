import type { ServerResponse } from 'node:http';
import type { LiveEventName, LiveEvents } from '@sync/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One `text/event-stream` event, serialised once and written to every stream it goes to. */
export function eventFrame<Name extends LiveEventName>(
  id: string | undefined,
  event: Name,
  data: LiveEvents[Name],
) {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Turns a route's reply into a `text/event-stream` answer written by hand (hijacked: Fastify's
 * serialisation, compression and timeouts are for answers that end), with the headers every answer of
 * the route carries (security headers, CORS). `opening`, a comment, goes out at once: the client knows
 * the stream is open before any event.
 */
export function beginEventStream(request: FastifyRequest, reply: FastifyReply, opening: string) {
  reply.hijack();
  const response = reply.raw;
  request.raw.socket.setNoDelay(true);
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) response.setHeader(name, value);
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // nginx and other proxies pass each event on at once instead of buffering the answer.
    'x-accel-buffering': 'no',
    // A stream's connection is not reused after it (a client reconnects on a new one). Kept alive, a
    // stream the server ends at shutdown left an idle connection that the server's close had already
    // passed over, and the close then waited for the keep-alive timeout (72 s).
    connection: 'close',
  });
  response.write(opening);
  return response;
}

/**
 * A `text/event-stream` answer being written. A reader that does not keep up is dropped once
 * `maxBufferedBytes` wait unsent: it reconnects (and resumes, where it can) instead of growing our memory.
 */
export class ServerSentEvents {
  private ended = false;

  constructor(
    private readonly response: ServerResponse,
    private readonly maxBufferedBytes: number,
    /** A comment: keeps proxies and the client's idle timers from closing a quiet stream. */
    private readonly heartbeatFrame = ':\n\n',
  ) {}

  get open(): boolean {
    return !this.ended && !this.response.destroyed;
  }

  /** Writes a frame unless the stream is closed; drops the stream when its reader falls too far behind. */
  write(frame: string) {
    if (!this.open) return;
    this.response.write(frame);
    if (this.response.writableLength > this.maxBufferedBytes) this.response.destroy();
  }

  heartbeat() {
    this.write(this.heartbeatFrame);
  }

  /** Ends the answer; the client reconnects (after a restart, or once the shared channel is back). */
  end() {
    if (!this.open) return;
    this.ended = true;
    this.response.end();
  }

  onClose(handler: () => void) {
    this.response.once('close', handler);
  }
}

/** One open `GET /api/events` answer. */
export class EventStream extends ServerSentEvents {
  /**
   * The arrival sequence (RecentMessages) this stream has everything up to: what it missed before it
   * connected is replayed, and nothing at or before this is written again.
   */
  deliveredThrough = 0;

  constructor(
    readonly userId: string,
    readonly id: string,
    response: ServerResponse,
    maxBufferedBytes: number,
  ) {
    super(response, maxBufferedBytes);
  }
}
