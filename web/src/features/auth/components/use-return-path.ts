import { useLocation } from 'react-router';
import { welcomeDue } from '../api/auth';

type FromState = { from?: { pathname?: string; search?: string; hash?: string } } | null;

/**
 * Where the guard sent the user from, so a successful sign-in can take them back there; through the
 * welcome first when it is due, which goes on there after.
 */
export function useReturnPath(): string {
  const from = (useLocation().state as FromState)?.from;
  const path =
    !from?.pathname || from.pathname === '/login' || from.pathname === '/signup'
      ? '/'
      : `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  if (!welcomeDue()) return path;
  return path === '/' ? '/welcome' : `/welcome?${new URLSearchParams({ next: path }).toString()}`;
}
