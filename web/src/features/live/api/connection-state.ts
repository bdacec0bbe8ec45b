import { useSyncExternalStore } from 'react';
import type { StreamState } from '../../../lib/event-stream';

/**
 * Whether the tab's live updates stream is away and being reconnected: from its first failure (it
 * waits, then tries again) until it is open again. A stream that ends for good (no events on this
 * server, a refused session, closed by its owner) is not reconnecting.
 */
let reconnecting = false;
const listeners = new Set<() => void>();

export function followStreamState(state: StreamState) {
  const next = state === 'waiting' || (state === 'connecting' && reconnecting);
  if (next === reconnecting) return;
  reconnecting = next;
  for (const listener of listeners) listener();
}

export function useReconnecting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => reconnecting,
  );
}
