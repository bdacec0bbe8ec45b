import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { sessionEndReason, useSession } from '../lib/session';

/**
 * Guarded screens need a token; without one, go to /login, carrying where the user was going and
 * why the session ended (the login page says "Your session has expired").
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const reason = sessionEndReason();
    return <Navigate to="/login" replace state={{ from: location, ...(reason && { reason }) }} />;
  }
  return children;
}
