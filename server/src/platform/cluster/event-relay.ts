import type { Cluster, Worker } from 'node:cluster';
import { isPublishRequest, type RelayedEvent } from '../live/cluster-transport.js';

/**
 * The primary's half of the cluster event transport: numbers each message a worker publishes and
 * sends it to every worker, the publisher included. One counter in one process gives one global
 * order, and IPC keeps each worker's messages in the order they were sent.
 *
 * Ids are `<start time>-<sequence>`, like the in-process transport's and Redis stream ids: an id from
 * before a restart is unknown afterwards, and its client is told to refetch. Returns a function that
 * stops relaying.
 */
export function relayEventsBetweenWorkers(cluster: Cluster, startedAt = Date.now()): () => void {
  let sequence = 0;
  const relay = (_from: Worker, value: unknown) => {
    if (!isPublishRequest(value)) return;
    sequence += 1;
    const event: RelayedEvent = {
      kind: 'sync-event:deliver',
      id: `${startedAt}-${sequence}`,
      message: value.message,
    };
    for (const worker of Object.values(cluster.workers ?? {})) {
      // A worker that is starting again misses what is relayed meanwhile, as a reconnecting client would.
      if (worker?.isConnected()) worker.send(event, () => undefined);
    }
  };
  cluster.on('message', relay);
  return () => void cluster.off('message', relay);
}
