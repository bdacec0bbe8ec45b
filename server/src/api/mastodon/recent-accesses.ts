import type { FastifyRequest } from 'fastify';
import { secretHash } from '../../platform/auth/opaque-tokens.js';
import { RecentViewers } from '../../platform/auth/recent-viewers.js';
import type { LiveMessage, LocalEventTransport } from '../../platform/live/transport.js';
import { accessOf, type Access } from '../../use-cases/mastodon/oauth.js';
import type { Deps } from '../../use-cases/shared/deps.js';

/**
 * The access each bearer token gave a moment ago, so that an app's burst of reads (the home timeline,
 * the notifications, the accounts they show) reads the token and its person once, as Sync's own API
 * reads its viewers (decision 031): on SQLite the two reads were a tenth of a home timeline's CPU.
 *
 * Only reads use it; a write reads its token. A revoked token (`tokens-revoked`: an app signed out or
 * removed in Settings; `sessions-ended`: a password change, a deleted account), heard on the event
 * channel, empties it in every process; an access is also used for at most VIEWER_CACHE_MS, which
 * bounds how long a process that missed the message may still accept it; while the channel is down,
 * every request reads its token.
 */
export class RecentAccesses {
  /** Keyed by the token's SHA-256, as the database keys it. */
  private readonly recent: RecentViewers<{ id: string; access: Access }>;

  constructor(
    private readonly deps: Deps,
    keptMs: number,
    private readonly events: LocalEventTransport,
  ) {
    this.recent = new RecentViewers(deps.clock, keptMs);
    const hear = (message: LiveMessage) => {
      if (
        message.type === 'tokens-revoked' ||
        message.type === 'sessions-ended' ||
        message.type === 'moderation-changed'
      )
        this.recent.clear();
    };
    // This process's own revocations at once, before their answer; everyone's through the channel.
    events.onPublished(hear);
    events.subscribe((_id, message) => hear(message));
    events.onHealthChange?.(() => this.recent.clear());
  }

  /** The access `token` gives (undefined: none); a read may take the one read for an earlier request. */
  async of(request: FastifyRequest, token: string): Promise<Access | undefined> {
    const reads = request.method === 'GET' || request.method === 'HEAD';
    if (!reads || !this.recent.enabled || !this.events.healthy) return accessOf(this.deps, token);
    const key = secretHash(token);
    const known = this.recent.get(key);
    if (known) return known.access;
    const mark = this.recent.mark;
    const access = await accessOf(this.deps, token);
    // Not one waiting for its address to be confirmed: following the link raises no event, and until
    // then every request of the token is refused anyway.
    if (access && !access.emailUnconfirmed) this.recent.remember({ id: key, access }, mark);
    return access;
  }
}
