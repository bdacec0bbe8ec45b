import type { Cluster, Worker } from 'node:cluster';
import { isPublishRequest, type RelayedEvent } from '../events/cluster-transport.js';

/**
 * The primary's half of the cluster event transport: numbers each message a worker publishes and
 * sends it to every worker, the publisher included. One counter in one process gives one global
 * order, and IPC keeps each worker's messages in the order they were sent.
 *
 * The counter starts at the start time in microseconds, so the ids of a restarted server are above
 * the old ones (a client's Last-Event-ID from before a restart never looks newer than what follows).
 * Returns a function that stops relaying.
 */
export function relayEventsBetweenWorkers(cluster: Cluster, firstId = Date.now() * 1000): () => void {
  let nextId = firstId;
  const relay = (_from: Worker, value: unknown) => {
    if (!isPublishRequest(value)) return;
    const event: RelayedEvent = { kind: 'sync-event:deliver', id: String(nextId++), message: value.message };
    for (const worker of Object.values(cluster.workers ?? {})) {
      // A worker that is starting again misses what is relayed meanwhile, as a reconnecting client would.
      if (worker?.isConnected()) worker.send(event, () => undefined);
    }
  };
  cluster.on('message', relay);
  return () => void cluster.off('message', relay);
}
