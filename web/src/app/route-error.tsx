import { AlertCircle } from 'lucide-react';
import { useState } from 'react';
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { usePageTitle } from '../lib/page-title';
import { ChunkLoadError, serverReachable } from '../lib/load-chunk';

/**
 * Every route's error boundary: a failed screen says what happened and offers Retry, inside the app's
 * frame, instead of React Router's developer screen.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const chunk = error instanceof ChunkLoadError;
  // The loader waited for the server and reloaded into a new build already, where that could help.
  const [state, setState] = useState<'checking' | 'offline' | 'shown'>(
    chunk && error.offline ? 'offline' : 'shown',
  );
  usePageTitle('Something went wrong');

  const retry = async () => {
    if (!chunk) {
      // A new location object resets the boundary and renders the screen again.
      void navigate(location, { replace: true });
      return;
    }
    setState('checking');
    if (await serverReachable()) window.location.reload();
    else setState('offline');
  };

  if (state === 'checking') {
    return <div role="status" aria-label="Loading page" className="min-h-40" />;
  }
  const message =
    state === 'offline'
      ? "Sync can't reach the server. Check your connection, then try again."
      : chunk
        ? 'This screen could not be loaded. Try again, or reload the page.'
        : isRouteErrorResponse(error) && error.status === 404
          ? "This page doesn't exist."
          : 'Something went wrong while showing this screen.';

  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-4 py-16 text-center">
      <AlertCircle className="size-8 text-red-600 dark:text-red-400" aria-hidden="true" />
      <h1 className="text-xl font-bold">Something went wrong</h1>
      <p className="max-w-sm text-sm text-zinc-700 dark:text-zinc-300">{message}</p>
      <div className="flex gap-3">
        <Button variant="secondary" onClick={() => void retry()}>
          Retry
        </Button>
        <Link
          to="/"
          className="inline-flex h-10 items-center px-2 text-sm font-semibold text-teal-700 hover:underline focus-ring dark:text-teal-400"
        >
          Back to Home
        </Link>
      </div>
    </div>
  );
}
