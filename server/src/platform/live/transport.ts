import type { LiveMessage } from './messages.js';

export type { LiveMessage } from './messages.js';

/** Carries JSON-serialisable messages to every process's subscribers, each with a global, ordered id. */
export interface EventTransport {
  publish(message: LiveMessage): void; // fire and forget; never throws into the request
  subscribe(handler: (id: string, message: LiveMessage) => void): void;
  readonly healthy: boolean; // false while the shared channel is down
  onHealthChange?(handler: (healthy: boolean) => void): void;
  close(): Promise<void>;
}

/**
 * One process: messages go straight to this process's subscribers, on a later turn of the event loop
 * (never inside the request that raised them). Ids are `<start time>-<sequence>`, so an id from before
 * a restart is unknown to the new process and its client is told to refetch.
 */
export function inProcessTransport(startedAt: number = Date.now()): EventTransport {
  const handlers: ((id: string, message: LiveMessage) => void)[] = [];
  let sequence = 0;
  let closed = false;
  return {
    healthy: true,
    publish(message) {
      if (closed) return;
      sequence += 1;
      const id = `${startedAt}-${sequence}`;
      setImmediate(() => {
        for (const handler of handlers) handler(id, message);
      });
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      closed = true;
    },
  };
}

/** A transport that also tells this process's own listeners of each message it publishes, at once. */
export interface LocalEventTransport extends EventTransport {
  /**
   * `handler` hears each message this process publishes as `publish` is called: a cache of what a
   * message revokes (a token, a session) is emptied before the answer that revoked it is sent. The
   * transport delivers on a later turn, after which the client's next request may already be read
   * (seen: a replayed OAuth code's token answered once more); other processes hear it later still
   * (decision 031).
   */
  onPublished(handler: (message: LiveMessage) => void): void;
}

export function withLocalDelivery(transport: EventTransport): LocalEventTransport {
  const handlers: ((message: LiveMessage) => void)[] = [];
  return {
    publish(message) {
      for (const handler of handlers) handler(message);
      transport.publish(message);
    },
    subscribe: (handler) => transport.subscribe(handler),
    get healthy() {
      return transport.healthy;
    },
    onHealthChange: (handler) => transport.onHealthChange?.(handler),
    close: () => transport.close(),
    onPublished(handler) {
      handlers.push(handler);
    },
  };
}
