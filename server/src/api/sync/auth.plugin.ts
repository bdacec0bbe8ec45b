import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { LiveMessage, LocalEventTransport } from '../../platform/live/transport.js';
import { HttpError, Messages, unauthorized } from '../../platform/http/errors.js';
import type { UserRow } from '../../data/users.repo.js';
import { RecentViewers } from '../../platform/auth/recent-viewers.js';
import { currentUserRow, signedInUser } from '../../use-cases/sync/auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser` (always) or `identifyUser` (when a valid token came). */
    viewer: UserRow | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    identifyUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export interface AuthOptions {
  /** How long a read may use the user row read for an earlier request (VIEWER_CACHE_MS); 0: never. */
  recentViewersMs: number;
  /** The channel every process hears `sessions-ended` on. */
  events: LocalEventTransport;
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
    const recent = new RecentViewers<UserRow>(app.deps.clock, recentViewersMs);
    const hear = (message: LiveMessage) => {
      // A moderator's change (a role, a suspension) must reach the person's next request too.
      if (message.type === 'sessions-ended' || message.type === 'moderation-changed')
        recent.forget(message.userId);
    };
    // This process's own changes at once, before their answer; everyone's through the channel.
    events.onPublished(hear);
    events.subscribe((_id, message) => hear(message));
    // While the channel is down, revocations from other processes may be missed: reads go to the row.
    events.onHealthChange?.(() => recent.clear());

    /**
     * The token's user, signed in (use-cases/sync/auth.ts). A read may take the row read for an earlier
     * request (it needs only the user's existence and token version, which `sessions-ended` covers); a
     * write reads the row, which it may act on.
     */
    const userOf = (request: FastifyRequest, token: string): Promise<UserRow> =>
      signedInUser(app.deps, token, async (id) => {
        const reads = request.method === 'GET' || request.method === 'HEAD';
        const shared = recent.enabled && events.healthy;
        const known = reads && shared ? recent.get(id) : undefined;
        if (known) return known;
        const mark = recent.mark;
        const user = await currentUserRow(app.deps, id);
        if (user && shared) recent.remember(user, mark);
        return user;
      });

    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = tokenOf(request);
      if (!token) throw unauthorized(Messages.missingToken);
      request.viewer = await userOf(request, token);
      // Writes are limited per user rather than per IP: many people can share one address.
      if (request.method !== 'GET') await app.limits.writes(request, reply);
      await app.deps.hydrator.catchUpRules(request.viewer.id);
    });

    // Public reads work signed out; a valid token only adds the viewer's own state to the answer.
    app.decorate('identifyUser', async (request: FastifyRequest) => {
      const token = tokenOf(request);
      request.viewer = token ? await userOf(request, token).catch(signedOut) : null;
      await app.deps.hydrator.catchUpRules(request.viewer?.id);
    });
  },
  { name: 'auth', dependencies: ['deps', 'rate-limits'] },
);

/** A token that signs nobody in (not ours, stale, its user gone) leaves a public read signed out. */
function signedOut(error: unknown): null {
  if (error instanceof HttpError) return null;
  throw error;
}

/** The signed-in user of a route guarded by `requireUser`. */
export function viewerOf(request: FastifyRequest): UserRow {
  if (!request.viewer) throw unauthorized(Messages.missingToken);
  return request.viewer;
}
