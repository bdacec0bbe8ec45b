/**
 * How many event streams each user has open, so a user holds at most `maxPerUser` (every tab and
 * device of theirs, across every process when they share Redis).
 */
export interface StreamSlots {
  /** False when the user already has `maxPerUser` streams open. */
  take(userId: string, streamId: string): Promise<boolean>;
  /** Called with every heartbeat: a shared slot not renewed expires (its process died). */
  renew(slots: readonly { userId: string; streamId: string }[]): Promise<void>;
  release(userId: string, streamId: string): Promise<void>;
}

/** One process: a count per user in memory. */
export function localStreamSlots(maxPerUser: number): StreamSlots {
  const open = new Map<string, Set<string>>();
  return {
    async take(userId, streamId) {
      const streams = open.get(userId) ?? new Set();
      if (streams.size >= maxPerUser) return false;
      open.set(userId, streams.add(streamId));
      return true;
    },
    async renew() {},
    async release(userId, streamId) {
      const streams = open.get(userId);
      streams?.delete(streamId);
      if (streams?.size === 0) open.delete(userId);
    },
  };
}
