import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { sessionEndReason, useSession } from '../lib/session';

/**
 * Guarded screens need a token; without one, go to /login, carrying where the user was going and
 * why the session ended (the login page says "Your session has expired"). A deleted account's last
 * screen (Settings) is nobody's to return to: the next sign-in, often Guest Login, starts at home.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const reason = sessionEndReason();
    const from = reason === 'account-deleted' ? null : location;
    return <Navigate to="/login" replace state={{ ...(from && { from }), ...(reason && { reason }) }} />;
  }
  return children;
}
