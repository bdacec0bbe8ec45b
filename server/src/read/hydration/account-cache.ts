import type { Clock } from '../../clock.js';
import type { Db, Dialect } from '../../data/database.js';
import type { LiveMessage } from '../../platform/live/messages.js';
import type { EventTransport } from '../../platform/live/transport.js';
import { accountVersions } from '../../data/accounts.repo.js';
import { accountsByIds, freshAccounts, type AccountRecord, type AccountSource } from './accounts.js';
import type { AccountVersions } from './people.js';

/** Accounts kept at most (a user row and two counts, about a kilobyte each). */
const accountsKept = 10_000;

/**
 * Accounts kept between answers for the statuses of the Mastodon API. Every status shows its author's
 * whole account, and reading the accounts (with a count of each author's posts and comments) cost a
 * home timeline several times what Sync's own page costs. A kept account is used while:
 * - its version is the one the answer read (a profile change moves it: docs/decisions/126; a deleted
 *   account has none);
 * - no message on the event channel said that it moved: a post or a comment written or deleted by the
 *   person (their statuses count, their last status), a follow made or undone by or of them (their
 *   follow counts); a deleted post takes its comments with it, whoever wrote them: everyone is
 *   forgotten;
 * - it was read less than `keptMs` ago (VIEWER_CACHE_MS): how long a process that missed a message
 *   may show a count that moved;
 * - the channel is healthy: while it is down, every answer reads its accounts.
 * An account read while a message came in is not kept: it may be the one the message is about.
 */
export class AccountCache {
  private readonly entries = new Map<string, { record: AccountRecord; expiresAt: number }>();
  /** Moves with every message that forgets: a read from before it is not kept. */
  private forgets = 0;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly clock: Clock,
    private readonly keptMs: number,
    private readonly events: EventTransport,
  ) {
    events.subscribe((_id, message) => this.hear(message));
    events.onHealthChange?.(() => this.forgetAll());
  }

  private hear(message: LiveMessage): void {
    switch (message.type) {
      case 'post':
      case 'comment':
      case 'comment-deleted':
        return this.forget([message.authorId]);
      case 'follow-changed':
        return this.forget([message.followerId, message.followeeId]);
      case 'post-deleted':
        return this.forgetAll();
    }
  }

  private forget(ids: readonly string[]): void {
    this.forgets += 1;
    for (const id of ids) this.entries.delete(id);
  }

  /** Forgets every account kept (a message missed, writes undone). */
  forgetAll(): void {
    this.forgets += 1;
    this.entries.clear();
  }

  /** The account kept for this id at this version, unless it expired. */
  private kept(id: string, version: number | undefined, now: number): AccountRecord | undefined {
    const entry = this.entries.get(id);
    return entry && entry.expiresAt > now && entry.record.user.version === version ? entry.record : undefined;
  }

  private get enabled(): boolean {
    return this.keptMs > 0 && this.events.healthy;
  }

  /**
   * Accounts for an answer that read these accounts' versions (none: signed out): kept ones, while the
   * channel is healthy. The versions of accounts the answer did not read are read first, in one query.
   */
  at(versions: AccountVersions | undefined): AccountSource {
    if (!this.enabled) return freshAccounts(this.db, this.dialect);
    return {
      byIds: (ids) => this.byIds(ids, versions),
    };
  }

  /** The accounts with these ids (anyone deleted is left out), by id. */
  private async byIds(
    ids: readonly string[],
    readVersions: AccountVersions | undefined,
  ): Promise<Map<string, AccountRecord>> {
    const unique = [...new Set(ids)];
    const unread = readVersions ? unique.filter((id) => !readVersions.has(id)) : unique;
    const versions =
      unread.length === 0
        ? readVersions
        : new Map([...(readVersions ?? []), ...(await accountVersions(this.db, this.dialect, unread))]);
    const found = new Map<string, AccountRecord>();
    const missing: string[] = [];
    const now = this.clock.now().getTime();
    for (const id of unique) {
      const record = this.kept(id, versions?.get(id), now);
      if (record) found.set(id, record);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const mark = this.forgets;
    const read = await accountsByIds(this.db, this.dialect, missing);
    for (const record of read.values()) found.set(record.user.id, record);
    this.keep(read.values(), mark);
    return found;
  }

  /** Keeps what was read since `mark` (each at its own version), unless a message came meanwhile. */
  private keep(records: Iterable<AccountRecord>, mark: number): void {
    if (mark !== this.forgets) return;
    const expiresAt = this.clock.now().getTime() + this.keptMs;
    for (const record of records) {
      this.entries.delete(record.user.id);
      this.entries.set(record.user.id, { record, expiresAt });
    }
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= accountsKept) break;
      this.entries.delete(oldest);
    }
  }
}
