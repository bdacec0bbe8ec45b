import { LoaderCircle } from 'lucide-react';
import { useReconnecting } from '../api/connection-state';

/**
 * "Reconnecting…", quietly, while the live updates stream is away (the server stopped, the network
 * gone); it goes once the stream is back. The polite status is always in the page, so that screen
 * readers announce the words when they come.
 */
export function ReconnectingNotice() {
  const reconnecting = useReconnecting();
  return (
    <div role="status" className="pointer-events-none fixed top-[4.5rem] left-1/2 z-40 -translate-x-1/2">
      {reconnecting && (
        <p className="flex items-center gap-2 rounded-full border border-zinc-200 bg-white px-3 py-1 text-sm text-zinc-700 shadow-sm dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200">
          <LoaderCircle className="size-4 motion-safe:animate-spin" aria-hidden="true" />
          Reconnecting…
        </p>
      )}
    </div>
  );
}
