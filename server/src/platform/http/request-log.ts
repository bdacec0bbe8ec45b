import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Request lines for a person reading a terminal (`LOG_FORMAT=pretty`): nothing for a request that went
 * well, one line for a request answered 5xx or slower than `slowMs` (0: every request). JSON logs keep
 * Fastify's own, a record as each request arrives and one as it is answered.
 *
 * An event stream is never slow: it lasts as long as its reader stays (they all end together at
 * shutdown).
 */
export class FailedOrSlowRequests extends LogController {
  constructor(private readonly slowMs: number) {
    super();
  }

  override incomingRequest(): void {}

  /** A 404 is the client's business. */
  override routeNotFound(): void {}

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    // A client that leaves in the middle of a download.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    super.streamError(error, request, reply);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    const elapsedMs = reply.elapsedTime;
    const failed = status >= 500 || Boolean(error);
    const slow = (this.slowMs === 0 || elapsedMs > this.slowMs) && !isEventStream(reply);
    if (!failed && !slow) return;
    const line = `${request.method} ${request.url} → ${status} in ${milliseconds(elapsedMs)}`;
    if (failed) reply.log.error(error ? { err: error } : {}, line);
    else reply.log.warn(`${line} (slow)`);
  }
}

function isEventStream(reply: FastifyReply): boolean {
  return String(reply.raw.getHeader('content-type') ?? '').startsWith('text/event-stream');
}

function milliseconds(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms).toLocaleString('en')} ms`;
}
