import { systemClock, type Clock } from '../../clock.js';
import type { Db, Dialect } from '../../data/database.js';
import { blockedEitherWay } from '../../data/blocks.repo.js';
import { activeMutes } from '../../data/mutes.repo.js';
import { activeFilters } from '../../data/filters.repo.js';
import { notificationSettingsOf } from '../../data/notification-settings.repo.js';
import { keywordMatcher } from './keyword-match.js';
import { relationMembersAmong } from '../../data/follows.repo.js';
import { inForce, moderatedAccounts, type ModeratedAccount } from '../../data/accounts.repo.js';
import { rulesVersions, type RulesVersions } from '../../data/users.repo.js';
import type { LiveMessage } from '../../platform/live/messages.js';
import type { KeptBetweenAnswers } from '../kept.js';
import { ViewerRules, type ModeratedSets, type ViewerSettings } from './viewer-rules.js';

/** Viewers whose settings are kept at most (a few sets of ids each). */
const viewersKept = 10_000;

interface Kept<T> {
  value: T;
  /** Epoch ms: the keeping time is up, or a mute, filter or moderation action ends then. */
  until: number;
}

/** The earliest of these end times (ISO text, null: none) that is after `now`, in epoch ms. */
function firstEnd(ends: Iterable<string | null>, now: number): number {
  let first = Infinity;
  for (const end of ends) {
    if (end === null) continue;
    const at = Date.parse(end);
    if (at > now && at < first) first = at;
  }
  return first;
}

/**
 * What is known of one viewer: the highest rules version a request read for them (undefined: none yet)
 * and their settings, read after that version was learnt. A new object whenever either is dropped, so
 * a read that began before is not kept.
 */
interface ViewerEntry {
  version: number | undefined;
  kept: Kept<ViewerSettings> | undefined;
}

/**
 * Each viewer's rules, read once and kept between answers, the way the Mastodon API keeps accounts
 * (read/hydration/account-cache.ts). What is kept is used while:
 * - it is not older than the versions in the database that the request read when it began
 *   (`catchUp`: the viewer's `rules_version`, which a block, a mute, a filter, notification settings
 *   or a follow moves in its transaction, both people's for a block; the moderation version, which
 *   every suspension and limit moves): a change answered before a request began holds for it, in
 *   every process (docs/decisions/112);
 * - no message on the event channel said it changed: `rules-changed`, `follow-changed`,
 *   `moderation-changed` (what the live streams, which read no versions, go by);
 * - it was read less than `keptMs` ago (VIEWER_CACHE_MS); and no mute, filter or moderation action in
 *   it has ended since;
 * - the channel is healthy: while it is down, every answer reads its rules.
 * A read that a newer version or a message overtook is not kept: it may be older than they are.
 */
export class RulesCache {
  private moderated: Kept<{ sets: ModeratedSets; accounts: ModeratedAccount[] }> | undefined;
  /** The highest moderation version a request read (undefined: none yet). */
  private moderationVersion: number | undefined;
  private readonly viewers = new Map<string, ViewerEntry>();
  /** Moves whenever the moderated sets are dropped: a read from before it is not kept. */
  private forgets = 0;

  private readonly clock: Clock;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    /** None: read for every answer, on the system's clock. */
    private readonly kept: KeptBetweenAnswers | undefined,
  ) {
    this.clock = kept?.clock ?? systemClock;
    kept?.events.subscribe((_id, message) => this.hear(message));
    kept?.events.onHealthChange?.(() => this.forgetAll());
  }

  private hear(message: LiveMessage): void {
    switch (message.type) {
      case 'rules-changed':
        for (const id of message.userIds) this.forgetViewer(id);
        return;
      case 'follow-changed':
        return this.forgetViewer(message.followerId);
      case 'moderation-changed':
        return this.forgetAll();
    }
  }

  private forgetViewer(id: string): void {
    const entry = this.viewers.get(id);
    if (entry) this.viewers.set(id, { version: entry.version, kept: undefined });
  }

  forgetAll(): void {
    this.forgets += 1;
    this.moderated = undefined;
    this.viewers.clear();
  }

  private get enabled(): boolean {
    return this.keptMs > 0 && this.kept?.events.healthy === true;
  }

  private get keptMs(): number {
    return this.kept?.keptMs ?? 0;
  }

  /**
   * At the start of a request: reads the versions of this viewer's rules (undefined: signed out) in the
   * database, in one statement, and drops what was kept from before them. Nothing is read while nothing
   * is kept.
   */
  async catchUp(viewerId: string | undefined): Promise<void> {
    if (!this.enabled) return;
    this.heldAt(viewerId, await rulesVersions(this.db, viewerId));
  }

  private heldAt(viewerId: string | undefined, versions: RulesVersions): void {
    if (this.moderationVersion === undefined || versions.moderation > this.moderationVersion) {
      // The first version learnt is newer than whatever was read before it, as far as anyone can tell.
      this.forgetAll();
      this.moderationVersion = versions.moderation;
    }
    if (viewerId === undefined || versions.viewer === undefined) return;
    const entry = this.viewers.get(viewerId);
    if (entry?.version !== undefined && entry.version >= versions.viewer) return;
    this.viewers.set(viewerId, { version: versions.viewer, kept: undefined });
  }

  /** The rules of this viewer (undefined: signed out) now. */
  async of(viewerId: string | undefined): Promise<ViewerRules> {
    const now = this.clock.now();
    const moderated = await this.moderatedSets(now);
    if (viewerId === undefined) return new ViewerRules(undefined, moderated.sets);
    return new ViewerRules(viewerId, moderated.sets, await this.settingsOf(viewerId, moderated.sets, now));
  }

  private async moderatedSets(now: Date) {
    const at = now.getTime();
    if (this.enabled && this.moderated && this.moderated.until > at) return this.moderated.value;
    const mark = this.forgets;
    const accounts = await moderatedAccounts(this.db);
    const value = {
      accounts,
      sets: {
        suspended: new Set(
          accounts.filter((a) => inForce(a.suspended_at, a.suspension_ends_at, now)).map((a) => a.id),
        ),
        limited: new Set(
          accounts.filter((a) => inForce(a.limited_at, a.limit_ends_at, now)).map((a) => a.id),
        ),
      },
    };
    if (this.enabled && mark === this.forgets) {
      const ends = accounts.flatMap((a) => [a.suspension_ends_at, a.limit_ends_at]);
      this.moderated = { value, until: Math.min(at + this.keptMs, firstEnd(ends, at)) };
    }
    return value;
  }

  private async settingsOf(viewerId: string, moderated: ModeratedSets, now: Date): Promise<ViewerSettings> {
    const at = now.getTime();
    let entry = this.enabled ? this.viewers.get(viewerId) : undefined;
    if (entry?.kept && entry.kept.until > at) return entry.kept.value;
    if (this.enabled) {
      // Last in the map's order: the viewers kept longest unused go first.
      entry = { version: entry?.version, kept: undefined };
      this.viewers.delete(viewerId);
      this.viewers.set(viewerId, entry);
    }
    const [blocked, mutes, filters, notifications, followedLimited] = await Promise.all([
      blockedEitherWay(this.db, viewerId),
      activeMutes(this.db, viewerId, now.toISOString()),
      activeFilters(this.db, viewerId, now.toISOString()),
      notificationSettingsOf(this.db, viewerId),
      moderated.limited.size === 0
        ? Promise.resolve([])
        : relationMembersAmong(this.db, this.dialect, viewerId, 'following', [...moderated.limited]),
    ]);
    const value: ViewerSettings = {
      blockedEitherWay: new Set(blocked),
      mutes: new Map(mutes.map((mute) => [mute.muted_id, mute])),
      followedLimited: new Set(followedLimited),
      filters: filters.length === 0 ? undefined : keywordMatcher(filters),
      notifications,
    };
    if (entry && this.enabled && this.viewers.get(viewerId) === entry) {
      const ends = [...mutes, ...filters].map((ending) => ending.expires_at);
      entry.kept = { value, until: Math.min(at + this.keptMs, firstEnd(ends, at)) };
      for (const oldest of this.viewers.keys()) {
        if (this.viewers.size <= viewersKept) break;
        this.viewers.delete(oldest);
      }
    }
    return value;
  }
}
