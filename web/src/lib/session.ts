import type { Permission, User } from '@sync/contract';
import { useSyncExternalStore } from 'react';

/** The signed-in user as the client keeps it; bookmarks are left out, they live on the server. */
export type SessionUser = Omit<User, 'bookmarks'>;
export type Session = { token: string; user: SessionUser };

const TOKEN_KEY = 'TOKEN';
const USER_KEY = 'USER';

const isString = (value: unknown) => typeof value === 'string';

/** The fields the client reads from the stored user; anything else stored there is not trusted. */
export function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    ['_id', 'username', 'firstName', 'lastName', 'avatarURL', 'bio', 'links', 'city'].every((key) =>
      isString(user[key]),
    ) &&
    Array.isArray(user.following) &&
    user.following.every(
      (u: unknown) => typeof u === 'object' && u !== null && isString((u as SessionUser)._id),
    ) &&
    Array.isArray(user.followers) &&
    Number.isInteger(user.followingCount) &&
    Number.isInteger(user.followerCount)
  );
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * The stored session, or null. A half-written or corrupt one (edited by hand, left by an older
 * client) is discarded, so the visitor sees the login page instead of a crash.
 */
function read(): Session | null {
  const token = localStorage.getItem(TOKEN_KEY);
  const raw = localStorage.getItem(USER_KEY);
  if (token === null && raw === null) return null;
  const user = raw === null ? undefined : parse(raw);
  if (token && isSessionUser(user)) return { token, user };
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  return null;
}

let current = read();

/**
 * Why the last session in this page ended: the person logged out, the server refused its token
 * (`expired`, which the login page says), or the account was deleted; null while none ended.
 */
export type SessionEnd = 'logged-out' | 'expired' | 'account-deleted';
let ended: SessionEnd | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

/**
 * A request that replaces the session's token (a password change), until it has set the new one. The
 * server ends the old token as the change commits, so the event stream and other requests may hear 401
 * for it before the answer with the new one arrives: a refusal waits for this first (api-client.ts).
 */
let replacingToken: Promise<unknown> | undefined;

export function replacesToken<T>(work: Promise<T>): Promise<T> {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  replacingToken = settled;
  void settled.then(() => {
    if (replacingToken === settled) replacingToken = undefined;
  });
  return work;
}

/** Resolves once no request is replacing the session's token. */
export const tokenSettled = (): Promise<unknown> => replacingToken ?? Promise.resolve();

export function setSession(token: string, user: User | SessionUser) {
  const { bookmarks: _bookmarks, ...rest } = user as User;
  current = { token, user: rest };
  ended = null;
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(rest));
  emit();
}

export function updateSessionUser(patch: Partial<SessionUser>) {
  if (!current) return;
  setSession(current.token, { ...current.user, ...patch });
}

export function clearSession(reason: SessionEnd | null = null) {
  current = null;
  ended = reason;
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  emit();
}

export function sessionEndReason(): SessionEnd | null {
  return ended;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === USER_KEY || event.key === null) {
      current = read();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession);
}

/**
 * What the person's role allows them, as their own user answer says it (a session stored before roles
 * existed says nothing, so allows nothing until they sign in again). The server checks every request.
 */
export const can = (user: SessionUser, permission: Permission): boolean =>
  user.permissions?.includes(permission) ?? false;

/** Staff (owner, admin, moderator) have the moderation area. */
export const isStaff = (user: SessionUser): boolean => can(user, 'manage_reports');

/** For screens behind the guard, where a session is known to exist. */
export function useMe(): SessionUser {
  const session = useSession();
  if (!session) throw new Error('useMe needs a signed-in user');
  return session.user;
}
