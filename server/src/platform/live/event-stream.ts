import type { ServerResponse } from 'node:http';
import type { LiveEventName, LiveEvents } from '@sync/contract';

/** One `text/event-stream` event, serialised once and written to every stream it goes to. */
export function eventFrame<Name extends LiveEventName>(
  id: string | undefined,
  event: Name,
  data: LiveEvents[Name],
) {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * One open `GET /api/events` answer. A reader that does not keep up is dropped once `maxBufferedBytes`
 * wait unsent: it reconnects with `Last-Event-ID` when it can, instead of growing our memory.
 */
export class EventStream {
  /**
   * The arrival sequence (RecentMessages) this stream has everything up to: what it missed before it
   * connected is replayed, and nothing at or before this is written again.
   */
  deliveredThrough = 0;
  private ended = false;

  constructor(
    readonly userId: string,
    readonly id: string,
    private readonly response: ServerResponse,
    private readonly maxBufferedBytes: number,
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

  /** A comment line: keeps proxies and the client's idle timers from closing a quiet stream. */
  heartbeat() {
    this.write(':\n\n');
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
