import { useSyncExternalStore } from 'react';

export type ColorMode = 'light' | 'dark';

const KEY = 'sync-color-mode';
const listeners = new Set<() => void>();

function stored(): ColorMode {
  try {
    return localStorage.getItem(KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

let mode: ColorMode = stored();

/** Runs from the main bundle before the first render: no inline script, so a strict CSP holds. */
export function applyColorMode(next: ColorMode = mode) {
  mode = next;
  const root = document.documentElement;
  root.classList.toggle('dark', next === 'dark');
  root.style.colorScheme = next;
}

export function toggleColorMode() {
  const next = mode === 'dark' ? 'light' : 'dark';
  try {
    localStorage.setItem(KEY, next);
  } catch {
    // Private modes may refuse storage; the toggle still works for this visit.
  }
  applyColorMode(next);
  for (const listener of listeners) listener();
}

export function useColorMode(): ColorMode {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => mode,
  );
}
