import { vi } from 'vitest';

/** A `matchMedia` that matches only the queries given, for components that read the person's preferences. */
export function fakeMatchMedia(matching: readonly string[] = []) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matching.includes(query),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
