import { useLocation } from 'react-router';

type FromState = { from?: { pathname?: string; search?: string; hash?: string } } | null;

/** Where the guard sent the user from, so a successful sign-in can take them back there. */
export function useReturnPath(): string {
  const from = (useLocation().state as FromState)?.from;
  if (!from?.pathname || from.pathname === '/login' || from.pathname === '/signup') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
