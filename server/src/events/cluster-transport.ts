/**
 * Events between the worker processes of one machine (`WORKERS` > 1) when there is no Redis: a worker
 * sends what it publishes to the primary process over the cluster's IPC channel; the primary
 * (`cluster/event-relay.ts`) numbers it and sends it back to every worker, the sender included, so
 * every process delivers the same messages in the same order under the same ids.
 */

// TODO(lead): import from ./transport.js when merged
/** Opaque here: whatever the live events carry, as long as JSON can carry it. */
export type LiveMessage = object;

// TODO(lead): import from ./transport.js when merged
/** Carries JSON-serialisable messages to every process's subscribers, each with a global, ordered id. */
export interface EventTransport {
  publish(message: LiveMessage): void; // fire and forget; never throws into the request
  subscribe(handler: (id: string, message: LiveMessage) => void): void;
  readonly healthy: boolean; // false while the shared channel is down
  onHealthChange?(handler: (healthy: boolean) => void): void;
  close(): Promise<void>;
}

/** Worker → primary: a message to number and relay. */
export interface PublishRequest {
  kind: 'sync-event:publish';
  message: LiveMessage;
}

/** Primary → every worker: a message with its global id. */
export interface RelayedEvent {
  kind: 'sync-event:deliver';
  id: string;
  message: LiveMessage;
}

const hasKind = (value: unknown, kind: string): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && 'kind' in value && value.kind === kind;

export const isPublishRequest = (value: unknown): value is PublishRequest =>
  hasKind(value, 'sync-event:publish') && typeof value.message === 'object' && value.message !== null;

const isRelayedEvent = (value: unknown): value is RelayedEvent =>
  hasKind(value, 'sync-event:deliver') &&
  typeof value.id === 'string' &&
  typeof value.message === 'object' &&
  value.message !== null;

/** The IPC side of a forked process: `process` in a cluster worker. */
export interface ParentChannel {
  readonly connected: boolean;
  send?(message: unknown, callback: (error: Error | null) => void): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'disconnect', listener: () => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'disconnect', listener: () => void): unknown;
}

/**
 * The transport of a cluster worker. Unhealthy once the channel to the primary is gone (the primary
 * died; Node ends the worker right after).
 */
export function createClusterTransport(parent: ParentChannel = process): EventTransport {
  if (!parent.send)
    throw new Error('The cluster event transport runs in a cluster worker (no IPC channel here).');
  const subscribers: Array<(id: string, message: LiveMessage) => void> = [];
  const healthListeners: Array<(healthy: boolean) => void> = [];
  const deliver = (value: unknown) => {
    if (!isRelayedEvent(value)) return;
    for (const subscriber of subscribers) {
      // One failing subscriber must not keep the message from the others.
      try {
        subscriber(value.id, value.message);
      } catch (error) {
        process.emitWarning(error instanceof Error ? error : new Error(String(error)));
      }
    }
  };
  const disconnected = () => healthListeners.forEach((listener) => listener(false));
  parent.on('message', deliver);
  parent.on('disconnect', disconnected);
  return {
    publish(message) {
      if (!parent.connected) return;
      const request: PublishRequest = { kind: 'sync-event:publish', message };
      // A channel closing under us reports through the callback, not by throwing into the request.
      parent.send?.(request, () => undefined);
    },
    subscribe(handler) {
      subscribers.push(handler);
    },
    get healthy() {
      return parent.connected;
    },
    onHealthChange(handler) {
      healthListeners.push(handler);
    },
    close() {
      parent.off('message', deliver);
      parent.off('disconnect', disconnected);
      subscribers.length = 0;
      healthListeners.length = 0;
      return Promise.resolve();
    },
  };
}
