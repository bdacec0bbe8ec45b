/**
 * Events between the worker processes of one machine (`WORKERS` > 1) when there is no Redis: a worker
 * sends what it publishes to the primary process over the cluster's IPC channel; the primary
 * (`cluster/event-relay.ts`) numbers it and sends it back to every worker, the sender included, so
 * every process delivers the same messages in the same order under the same ids. The per-user cap on
 * open streams is counted in the primary too (`cluster/stream-slot-registry.ts`), so it holds across
 * workers.
 */

import { isLiveMessage } from './messages.js';
import type { StreamSlots } from './stream-slots.js';
import type { EventTransport, LiveMessage } from './transport.js';

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
  hasKind(value, 'sync-event:publish') && isLiveMessage(value.message);

const isRelayedEvent = (value: unknown): value is RelayedEvent =>
  hasKind(value, 'sync-event:deliver') && typeof value.id === 'string' && isLiveMessage(value.message);

/** Worker → primary: may this user open one more stream? Answered with a `SlotAnswer`. */
export interface SlotRequest {
  kind: 'sync-slots:take';
  requestId: number;
  userId: string;
  streamId: string;
  maxPerUser: number;
}

/** Primary → the asking worker. */
export interface SlotAnswer {
  kind: 'sync-slots:answer';
  requestId: number;
  granted: boolean;
}

/** Worker → primary: a stream closed. */
export interface SlotRelease {
  kind: 'sync-slots:release';
  userId: string;
  streamId: string;
}

const hasStrings = (value: Record<string, unknown>, ...names: string[]) =>
  names.every((name) => typeof value[name] === 'string');

export const isSlotRequest = (value: unknown): value is SlotRequest =>
  hasKind(value, 'sync-slots:take') &&
  hasStrings(value, 'userId', 'streamId') &&
  typeof value.requestId === 'number' &&
  typeof value.maxPerUser === 'number';

export const isSlotRelease = (value: unknown): value is SlotRelease =>
  hasKind(value, 'sync-slots:release') && hasStrings(value, 'userId', 'streamId');

const isSlotAnswer = (value: unknown): value is SlotAnswer =>
  hasKind(value, 'sync-slots:answer') &&
  typeof value.requestId === 'number' &&
  typeof value.granted === 'boolean';

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

/**
 * The stream cap of a cluster worker, counted by the primary for every worker: one IPC round trip when
 * a stream opens (rare next to requests), none per event. The primary frees a worker's slots when it
 * exits, so nothing needs renewing. With the primary gone, no stream is let in (the worker is ending).
 */
export function clusterStreamSlots(maxPerUser: number, parent: ParentChannel = process): StreamSlots {
  if (!parent.send)
    throw new Error('Cluster stream slots are counted from a cluster worker (no IPC channel here).');
  const pending = new Map<number, (granted: boolean) => void>();
  let lastRequestId = 0;
  const answer = (requestId: number, granted: boolean) => {
    pending.get(requestId)?.(granted);
    pending.delete(requestId);
  };
  parent.on('message', (value) => {
    if (isSlotAnswer(value)) answer(value.requestId, value.granted);
  });
  parent.on('disconnect', () => [...pending.keys()].forEach((requestId) => answer(requestId, false)));
  return {
    take(userId, streamId) {
      if (!parent.connected) return Promise.resolve(false);
      const requestId = ++lastRequestId;
      const request: SlotRequest = { kind: 'sync-slots:take', requestId, userId, streamId, maxPerUser };
      return new Promise((resolve) => {
        pending.set(requestId, resolve);
        parent.send?.(request, (error) => {
          if (error) answer(requestId, false);
        });
      });
    },
    async renew() {},
    async release(userId, streamId) {
      const release: SlotRelease = { kind: 'sync-slots:release', userId, streamId };
      if (parent.connected) parent.send?.(release, () => undefined);
    },
  };
}
