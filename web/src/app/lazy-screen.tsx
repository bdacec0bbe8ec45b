import { lazy, type ComponentType } from 'react';

/** A screen's code that failed to load: the server was unreachable, or a redeploy removed the chunk. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('This screen could not be loaded.', { cause });
    this.name = 'ChunkLoadError';
  }
}

const RELOADED_KEY = 'sync-reloaded-for-chunk';

/** A lazily loaded screen; its load failure becomes a ChunkLoadError for the route's error boundary. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the screen's own props, whatever they are
export function lazyScreen<P extends Record<string, any>>(
  load: () => Promise<{ default: ComponentType<P> }>,
) {
  return lazy(() =>
    load().then(
      (module) => {
        sessionStorage.removeItem(RELOADED_KEY);
        return module;
      },
      (error: unknown) => {
        throw new ChunkLoadError(error);
      },
    ),
  );
}

/**
 * After a redeploy the old chunk names are gone and only a fresh page knows the new ones, so the
 * first failure on a page reloads it; a second one (the reload did not help) is left to the user.
 */
export function reloadOnceForChunk(): boolean {
  const here = window.location.href;
  if (sessionStorage.getItem(RELOADED_KEY) === here) return false;
  sessionStorage.setItem(RELOADED_KEY, here);
  window.location.reload();
  return true;
}

/** Whether the server answers at all: reloading while it does not would show the browser's error page. */
export async function serverReachable(): Promise<boolean> {
  try {
    return (await fetch('/api/health', { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}
