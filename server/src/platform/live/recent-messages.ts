import type { LiveMessage } from './messages.js';

export interface HeldMessage {
  id: string;
  message: LiveMessage;
  /** This process's own order of arrival (ids are only compared for equality). */
  sequence: number;
  arrivedAt: number;
}

export interface Retention {
  /** How long a message is held for a stream that resumes. */
  maxAgeMs: number;
  /** How many messages are held at most, whatever their age. */
  maxCount: number;
}

/**
 * The recent messages of this process, for a stream that reconnects with `Last-Event-ID`. Bounded by
 * age and by count; the newest message is always held, so a client that saw the last event of a quiet
 * hour still resumes instead of refetching.
 */
export class RecentMessages {
  private held: HeldMessage[] = [];
  /** The sequence of each held id. */
  private readonly positions = new Map<string, number>();
  private lastSequence = 0;

  constructor(private readonly retention: Retention) {}

  get newest(): HeldMessage | undefined {
    return this.held.at(-1);
  }

  add(id: string, message: LiveMessage, now: number): HeldMessage {
    this.lastSequence += 1;
    const entry = { id, message, sequence: this.lastSequence, arrivedAt: now };
    this.held.push(entry);
    this.positions.set(id, entry.sequence);
    this.evict(now);
    return entry;
  }

  /** The messages after `id`, oldest first; undefined when `id` is not held (too old, or unknown here). */
  after(id: string, now: number): HeldMessage[] | undefined {
    this.evict(now);
    const sequence = this.positions.get(id);
    if (sequence === undefined) return undefined;
    const first = this.held[0]!.sequence;
    return this.held.slice(sequence - first + 1);
  }

  /** Forgets everything: what arrived may have gaps (the shared channel was down), so nothing resumes. */
  clear() {
    this.held = [];
    this.positions.clear();
  }

  private evict(now: number) {
    let drop = 0;
    const keep = this.held.length - 1;
    while (
      drop < keep &&
      (this.held.length - drop > this.retention.maxCount ||
        now - this.held[drop]!.arrivedAt > this.retention.maxAgeMs)
    ) {
      this.positions.delete(this.held[drop]!.id);
      drop += 1;
    }
    if (drop > 0) this.held.splice(0, drop);
  }
}
