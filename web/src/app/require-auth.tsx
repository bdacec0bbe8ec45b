import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { sessionEndReason, useSession } from '../lib/session';

/**
 * Guarded screens need a token; without one, go to /login, carrying where the user was going and
 * why the session ended (the login page says "Your session has expired"). Only a visitor who arrives
 * signed out or a session the server ended is taken back after signing in: after a logout or a deleted
 * account, the last screen (often Settings) is nobody's to return to, and the next sign-in in this
 * browser, on a shared computer someone else's, starts at home.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const reason = sessionEndReason();
    const from = reason === null || reason === 'expired' ? location : null;
    const notice = reason === 'logged-out' ? null : reason;
    return (
      <Navigate to="/login" replace state={{ ...(from && { from }), ...(notice && { reason: notice }) }} />
    );
  }
  return children;
}
