import type { User } from '@sync/contract';
import { useSyncExternalStore } from 'react';

/** The signed-in user as the client keeps it; bookmarks are left out, they live on the server. */
export type SessionUser = Omit<User, 'bookmarks'>;
export type Session = { token: string; user: SessionUser };

const TOKEN_KEY = 'TOKEN';
const USER_KEY = 'USER';

function read(): Session | null {
  const token = localStorage.getItem(TOKEN_KEY);
  const raw = localStorage.getItem(USER_KEY);
  if (!token || !raw) return null;
  try {
    return { token, user: JSON.parse(raw) as SessionUser };
  } catch {
    return null;
  }
}

let current = read();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function setSession(token: string, user: User | SessionUser) {
  const { bookmarks: _bookmarks, ...rest } = user as User;
  current = { token, user: rest };
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(rest));
  emit();
}

export function updateSessionUser(patch: Partial<SessionUser>) {
  if (!current) return;
  setSession(current.token, { ...current.user, ...patch });
}

export function clearSession() {
  current = null;
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  emit();
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

/** For screens behind the guard, where a session is known to exist. */
export function useMe(): SessionUser {
  const session = useSession();
  if (!session) throw new Error('useMe needs a signed-in user');
  return session.user;
}
