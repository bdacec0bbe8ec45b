/**
 * Hydrated posts by (id, version), least recently used out first, bounded by an estimate of the bytes
 * they hold. The version comes from the database with every skeleton, and every change to what a post
 * shows moves it in the same transaction, so an entry is used only while it is current: correct with
 * any number of server processes without telling each other anything.
 */
export class VersionedCache<Value> {
  private readonly entries = new Map<string, { version: number; value: Value; bytes: number }>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes: number) {}

  /** The value cached for `key` at `version` or a later one (a reader whose skeleton is a moment older). */
  get(key: string, version: number): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version < version) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Map keeps insertion order: re-inserting makes this the most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The entry for `key` at exactly `version`, without counting a hit or a miss. */
  peek(key: string, version: number): Value | undefined {
    const entry = this.entries.get(key);
    return entry?.version === version ? entry.value : undefined;
  }

  set(key: string, version: number, value: Value, bytes: number): void {
    if (bytes > this.maxBytes) return;
    const existing = this.entries.get(key);
    if (existing) {
      if (existing.version > version) return;
      this.entries.delete(key);
      this.bytes -= existing.bytes;
    }
    this.entries.set(key, { version, value, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  /** Drops every entry (what a cold process would answer, for the tests that compare with it). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
