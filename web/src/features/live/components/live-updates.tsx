import { lazy, Suspense, useEffect, useState } from 'react';
import { useSession } from '../../../lib/session';

const LiveConnection = lazy(() => import('./live-connection'));

/** True once the browser is idle after the first screen (at most a few seconds later). */
function useIdle() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(done, { timeout: 3_000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(done, 500);
    return () => clearTimeout(id);
  }, []);
  return idle;
}

/**
 * Keeps the tab's live updates stream open while someone is signed in; mount it once, in the app's
 * frame. The stream's code loads once the first screen is done, outside its bundle.
 */
export function LiveUpdates() {
  const token = useSession()?.token;
  const idle = useIdle();
  if (!token || !idle) return null;
  return (
    <Suspense fallback={null}>
      <LiveConnection key={token} token={token} />
    </Suspense>
  );
}
