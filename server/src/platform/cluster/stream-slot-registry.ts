import type { Cluster, Worker } from 'node:cluster';
import { isSlotRelease, isSlotRequest, type SlotAnswer } from '../live/cluster-transport.js';

/**
 * The primary's count of open event streams per user, for every worker (`clusterStreamSlots` asks it),
 * so a user's cap holds whichever workers their streams landed on. A worker that exits gives its
 * streams back: their connections closed with it. Returns a function that stops counting.
 */
export function shareStreamSlotsBetweenWorkers(cluster: Cluster): () => void {
  /** userId → its open streams, as `<worker id>:<stream id>` (stream ids are only unique per worker). */
  const open = new Map<string, Set<string>>();
  const release = (userId: string, slot: string) => {
    const streams = open.get(userId);
    streams?.delete(slot);
    if (streams?.size === 0) open.delete(userId);
  };
  const onMessage = (worker: Worker, value: unknown) => {
    if (isSlotRequest(value)) {
      const streams = open.get(value.userId) ?? new Set<string>();
      const granted = streams.size < value.maxPerUser;
      if (granted) open.set(value.userId, streams.add(`${worker.id}:${value.streamId}`));
      const answer: SlotAnswer = { kind: 'sync-slots:answer', requestId: value.requestId, granted };
      if (worker.isConnected()) worker.send(answer, () => undefined);
    } else if (isSlotRelease(value)) {
      release(value.userId, `${worker.id}:${value.streamId}`);
    }
  };
  const onExit = (worker: Worker) => {
    const prefix = `${worker.id}:`;
    for (const [userId, streams] of open) {
      for (const slot of streams) if (slot.startsWith(prefix)) release(userId, slot);
    }
  };
  cluster.on('message', onMessage);
  cluster.on('exit', onExit);
  return () => {
    cluster.off('message', onMessage);
    cluster.off('exit', onExit);
  };
}
