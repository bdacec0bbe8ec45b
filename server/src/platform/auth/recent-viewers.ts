import type { Clock } from '../../clock.js';

/**
 * The users this process read for a token a moment ago, so a burst of reads by one person (a page
 * load is four or five) reads their row once: on PostgreSQL that row was a round trip of every read.
 *
 * Only reads use it (see auth.plugin.ts), and only what a token needs from the row: that the user
 * exists and the token's version is current. Both change through `forget` (a password change, an
 * account deletion), which every process hears through the event channel; an entry also expires after
 * `ttlMs`, which bounds how long a process that cannot hear (an instance without the shared channel)
 * may still accept a token revoked elsewhere. See docs/decisions/031-recent-viewers.md.
 */
/** `Row` is the user row as the data layer reads it; this cache needs only its id. */
export class RecentViewers<Row extends { id: string }> {
  private readonly entries = new Map<string, { row: Row; expiresAt: number }>();
  /** Moves on every `forget`: a row read before it may be the one forgotten, so it is not kept. */
  private forgets = 0;

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The row read for `userId` less than `ttlMs` ago, unless it was forgotten since. */
  get(userId: string): Row | undefined {
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    if (entry.expiresAt > this.clock.now().getTime()) return entry.row;
    this.entries.delete(userId);
    return undefined;
  }

  /** Taken before reading a row and handed to `remember` with it. */
  get mark(): number {
    return this.forgets;
  }

  /** Keeps a row read since `mark`, unless a `forget` came in the meantime (it may be about this row). */
  remember(row: Row, mark: number): void {
    if (!this.enabled || mark !== this.forgets) return;
    this.entries.delete(row.id);
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the entry kept longest.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(row.id, { row, expiresAt: this.clock.now().getTime() + this.ttlMs });
  }

  forget(userId: string): void {
    this.forgets += 1;
    this.entries.delete(userId);
  }

  /** When revocations may have been missed (the event channel was down). */
  clear(): void {
    this.forgets += 1;
    this.entries.clear();
  }
}
