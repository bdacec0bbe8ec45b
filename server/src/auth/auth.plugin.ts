import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Messages, notFound, unauthorized } from '../http/errors.js';
import { findUserById, type UserRow } from '../users/users.repo.js';
import type { TokenClaims } from './tokens.js';

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

/** The spec's client sends the raw token; `Bearer <token>` is accepted too. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  return header.replace(/^Bearer\s+/i, '');
}

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('viewer', null);

    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = tokenOf(request);
      if (!token) throw unauthorized(Messages.missingToken);
      const claims = app.deps.tokens.verify(token);
      if (!claims) throw unauthorized(Messages.invalidToken);
      const user = await findUserById(app.deps.db, claims._id);
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
      const user = claims ? await findUserById(app.deps.db, claims._id) : undefined;
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
