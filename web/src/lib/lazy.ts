import { lazy, type ComponentType } from 'react';
import { loadChunk } from './load-chunk';

/**
 * A lazily loaded screen: a moment without the server is waited out briefly, then a ChunkLoadError
 * goes to the route's error boundary, which says so and offers Retry (lib/load-chunk.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the screen's own props, whatever they are
export function lazyScreen<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  return lazy(() => loadChunk(load, 'bounded'));
}

/**
 * A lazily loaded part of a screen (a menu, a dialog, suggestions, the toaster): while the server is
 * away it waits, leaving its Suspense fallback, instead of failing the screen around it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the part's own props, whatever they are
export function lazyPart<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  return lazy(() => loadChunk(load, 'until-back'));
}

/**
 * Starts loading a part ahead of its use (on hover or focus of its button). A failure here is nobody's
 * to report: the part itself loads again, waiting for the server, when it is wanted.
 */
export function preloadOf(load: () => Promise<unknown>): () => void {
  return () => {
    load().catch(() => undefined);
  };
}
