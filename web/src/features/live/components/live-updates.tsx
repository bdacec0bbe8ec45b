import { Suspense } from 'react';
import { useIdle } from '../../../lib/idle';
import { useSession } from '../../../lib/session';
import { lazyPart } from '../../../lib/lazy';
import { ReconnectingNotice } from './reconnecting-notice';

const LiveConnection = lazyPart(() => import('./live-connection'));

/**
 * Keeps the tab's live updates stream open while someone is signed in; mount it once, in the app's
 * frame. The stream's code loads once the first screen is done, outside its bundle; a quiet notice says
 * when the stream is away.
 */
export function LiveUpdates() {
  const token = useSession()?.token;
  const idle = useIdle();
  if (!token) return null;
  return (
    <>
      <ReconnectingNotice />
      {idle && (
        <Suspense fallback={null}>
          <LiveConnection key={token} token={token} />
        </Suspense>
      )}
    </>
  );
}
