import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { grants, type Scope } from '../../platform/auth/scopes.js';
import { HttpError } from '../../platform/http/errors.js';
import type { UserRow } from '../../data/users.repo.js';
import type { Access } from '../../use-cases/mastodon/oauth.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The OAuth access of a Mastodon API request's bearer token, set by `mastodonAccess`. */
    access: Access | null;
  }
}

/** Mastodon's own wording, which apps show as they are. */
export const invalidToken = () => new HttpError(401, 'The access token is invalid');
const outsideScopes = () => new HttpError(403, 'This action is outside the authorized scopes');
const userRequired = () => new HttpError(422, 'This method requires an authenticated user');
const pendingApproval = () => new HttpError(403, 'Your login is currently pending approval');
const missingConfirmedEmail = () => new HttpError(403, 'Your login is missing a confirmed e-mail address');

/** `Authorization: Bearer <token>`; streaming also takes `access_token` in the query or the WebSocket protocol. */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Refuses the token of a person who may not act yet: an app that signed someone up holds their token
 * before the address is confirmed (under `required` confirmation) and before a moderator has let them
 * in. Mastodon checks them in this order. Every way in (REST, streaming) asks this.
 */
export function refuseUntilAdmitted(access: Access): void {
  if (access.emailUnconfirmed) throw missingConfirmedEmail();
  if (access.user?.pending_since) throw pendingApproval();
}

/**
 * Who may call a route: a person's token, any token (an app's own too), or anyone, with what scope.
 * A person's token with scope `null` may have any scope (Mastodon's announcements ask for none).
 */
export type Requirement =
  | {
      user: true;
      scope: Scope | null;
      /** Also before the person is admitted (`refuseUntilAdmitted`): asking for the confirmation link. */
      beforeAdmission?: true;
    }
  | { user: false; scope: Scope }
  | { public: true; scope?: Scope };

/**
 * A preHandler for a Mastodon API route. A token that is given must be valid even where none is needed
 * (Mastodon answers 401 then too); a person's token sets `request.viewer`, so the write limits and
 * `viewerOf` work as on Sync's own API.
 */
export function mastodonAccess(app: FastifyInstance, requirement: Requirement) {
  const admit = admission(app, requirement);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await admit(request, reply);
    // Before any rule is used: a change answered before this request began holds for it (decision 112).
    await app.deps.hydrator.catchUpRules(request.viewer?.id);
  };
}

/** Who the request acts for, if anyone, checked against the requirement. */
function admission(app: FastifyInstance, requirement: Requirement) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerOf(request);
    if (!token) {
      if ('public' in requirement) return;
      throw invalidToken();
    }
    const access = await app.mastodonAccesses.of(request, token);
    if (!access) throw invalidToken();
    if (!('beforeAdmission' in requirement)) refuseUntilAdmitted(access);
    if (requirement.scope && !grants(access.scopes, requirement.scope)) {
      // A public read with a token lacking the scope is answered as if signed out.
      if ('public' in requirement) return;
      throw outsideScopes();
    }
    request.access = access;
    request.viewer = access.user ?? null;
    if ('user' in requirement && requirement.user && !access.user) throw userRequired();
    if (access.user && request.method !== 'GET' && request.method !== 'HEAD')
      await app.limits.writes(request, reply);
  };
}

/** The person a route guarded by `{ user: true }` acts for. */
export function mastodonViewer(request: FastifyRequest): UserRow {
  if (!request.access?.user) throw userRequired();
  return request.access.user;
}
