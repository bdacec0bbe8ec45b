import { systemClock, type Clock } from '../../clock.js';
import type { Db, Dialect } from '../../data/database.js';
import { blockedEitherWay } from '../../data/blocks.repo.js';
import { activeMutes } from '../../data/mutes.repo.js';
import { activeFilters } from '../../data/filters.repo.js';
import { notificationSettingsOf } from '../../data/notification-settings.repo.js';
import { keywordMatcher } from './keyword-match.js';
import { relationMembersAmong } from '../../data/follows.repo.js';
import { inForce, moderatedAccounts, type ModeratedAccount } from '../../data/users.repo.js';
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
 * Each viewer's rules, read once and kept between answers, the way the Mastodon API keeps accounts
 * (read/hydration/account-cache.ts). What is kept is used while:
 * - no message on the event channel said it changed: `rules-changed` (a block, a mute, a filter, the
 *   notification settings, a follow of the viewer's, or someone blocking them), `follow-changed` (who they follow among the
 *   limited), `moderation-changed` (anyone's suspension or limit: the moderated sets);
 * - it was read less than `keptMs` ago (VIEWER_CACHE_MS): how long a process that missed a message may
 *   apply old rules; and no mute, filter or moderation action in it has ended since;
 * - the channel is healthy: while it is down, every answer reads its rules.
 * A read that a message overtook is not kept: it may be the one the message is about.
 */
export class RulesCache {
  private moderated: Kept<{ sets: ModeratedSets; accounts: ModeratedAccount[] }> | undefined;
  private readonly viewers = new Map<string, Kept<ViewerSettings>>();
  /** Moves with every message that forgets: a read from before it is not kept. */
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
        this.forgets += 1;
        for (const id of message.userIds) this.viewers.delete(id);
        return;
      case 'follow-changed':
        this.forgets += 1;
        this.viewers.delete(message.followerId);
        return;
      case 'moderation-changed':
        return this.forgetAll();
    }
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
    const kept = this.enabled ? this.viewers.get(viewerId) : undefined;
    if (kept && kept.until > at) return kept.value;
    const mark = this.forgets;
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
    if (this.enabled && mark === this.forgets) {
      this.viewers.delete(viewerId);
      const ends = [...mutes, ...filters].map((ending) => ending.expires_at);
      const until = Math.min(at + this.keptMs, firstEnd(ends, at));
      this.viewers.set(viewerId, { value, until });
      for (const oldest of this.viewers.keys()) {
        if (this.viewers.size <= viewersKept) break;
        this.viewers.delete(oldest);
      }
    }
    return value;
  }
}
