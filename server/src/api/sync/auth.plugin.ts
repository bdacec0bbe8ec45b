import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { EventTransport } from '../../platform/live/transport.js';
import { Messages, notFound, unauthorized } from '../../platform/http/errors.js';
import { findUserById, type UserRow } from '../../data/users.repo.js';
import { RecentViewers } from '../../platform/auth/recent-viewers.js';
import type { TokenClaims } from '../../platform/auth/tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser` (always) or `identifyUser` (when a valid token came). */
    viewer: UserRow | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    identifyUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Every token of this user stops working, in every process (a password change, a deletion). */
    endSessions: (userId: string) => void;
  }
}

export interface AuthOptions {
  /** How long a read may use the user row read for an earlier request (VIEWER_CACHE_MS); 0: never. */
  recentViewersMs: number;
  /** The channel every process hears `sessions-ended` on. */
  events: EventTransport;
}

/** The spec's client sends the raw token; `Bearer <token>` is accepted too. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  return header.replace(/^Bearer\s+/i, '');
}

export const authPlugin = fp<AuthOptions>(
  async (app, { recentViewersMs, events }) => {
    app.decorateRequest('viewer', null);
    const recent = new RecentViewers(app.deps.clock, recentViewersMs);
    events.subscribe((_id, message) => {
      if (message.type === 'sessions-ended') recent.forget(message.userId);
    });
    // While the channel is down, revocations from other processes may be missed: reads go to the row.
    events.onHealthChange?.(() => recent.clear());

    app.decorate('endSessions', (userId: string) => {
      recent.forget(userId);
      events.publish({ type: 'sessions-ended', userId });
    });

    /**
     * The token's user (undefined once deleted). A read may take the row read for an earlier request
     * (it needs only the user's existence and token version, which `endSessions` covers); a write
     * reads the row, which it may act on.
     */
    const userOf = async (request: FastifyRequest, claims: TokenClaims): Promise<UserRow | undefined> => {
      const reads = request.method === 'GET' || request.method === 'HEAD';
      const shared = recent.enabled && events.healthy;
      const known = reads && shared ? recent.get(claims._id) : undefined;
      if (known) return known;
      const mark = recent.mark;
      const user = await findUserById(app.deps.db, claims._id);
      if (user && shared) recent.remember(user, mark);
      return user;
    };

    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = tokenOf(request);
      if (!token) throw unauthorized(Messages.missingToken);
      const claims = app.deps.tokens.verify(token);
      if (!claims) throw unauthorized(Messages.invalidToken);
      const user = await userOf(request, claims);
      if (!user) throw notFound(Messages.userNotRegistered);
      if (!isCurrent(claims, user)) throw unauthorized(Messages.invalidToken);
      request.viewer = user;
      // Writes are limited per user rather than per IP: many people can share one address.
      if (request.method !== 'GET') await app.limits.writes(request, reply);
    });

    // Public reads work signed out; a valid token only adds the viewer's own state to the answer.
    app.decorate('identifyUser', async (request: FastifyRequest) => {
      const token = tokenOf(request);
      const claims = token ? app.deps.tokens.verify(token) : null;
      const user = claims ? await userOf(request, claims) : undefined;
      request.viewer = claims && user && isCurrent(claims, user) ? user : null;
    });
  },
  { name: 'auth', dependencies: ['deps', 'rate-limits'] },
);

/** What a token for this user carries; signing these after a password change gives the only valid token. */
export const claimsFor = (user: Pick<UserRow, 'id' | 'username' | 'token_version'>): TokenClaims => ({
  _id: user.id,
  username: user.username,
  ver: user.token_version,
});

/** A token signed before the user's last password change carries an older version. */
const isCurrent = (claims: TokenClaims, user: UserRow) => claims.ver === user.token_version;

/** The signed-in user of a route guarded by `requireUser`. */
export function viewerOf(request: FastifyRequest): UserRow {
  if (!request.viewer) throw unauthorized(Messages.missingToken);
  return request.viewer;
}
