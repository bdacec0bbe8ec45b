import { lazy, Suspense } from 'react';
import { useSession } from '../../../lib/session';

// The stream's code stays out of the first screen's bundle: it loads after the first render.
const LiveConnection = lazy(() => import('./live-connection'));

/** Keeps the tab's live updates stream open while someone is signed in; mount it once, in the app's frame. */
export function LiveUpdates() {
  const token = useSession()?.token;
  if (!token) return null;
  return (
    <Suspense fallback={null}>
      <LiveConnection key={token} token={token} />
    </Suspense>
  );
}
