import { useSyncExternalStore } from 'react';

/** The user's choice; 'system' (the default) follows the device's prefers-color-scheme. */
export type ColorMode = 'light' | 'dark' | 'system';
export type ResolvedColorMode = 'light' | 'dark';

const KEY = 'sync-color-mode';
const listeners = new Set<() => void>();
const darkQuery = typeof window === 'undefined' ? null : window.matchMedia('(prefers-color-scheme: dark)');

function stored(): ColorMode {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'dark' || value === 'light' ? value : 'system';
  } catch {
    return 'system';
  }
}

let mode: ColorMode = stored();

export function resolveColorMode(choice: ColorMode, systemDark: boolean): ResolvedColorMode {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

function resolved(): ResolvedColorMode {
  return resolveColorMode(mode, darkQuery?.matches ?? false);
}

function apply() {
  const next = resolved();
  const root = document.documentElement;
  root.classList.toggle('dark', next === 'dark');
  root.style.colorScheme = next;
  for (const listener of listeners) listener();
}

/** Runs from the main bundle before the first render: no inline script, so a strict CSP holds. */
export function applyColorMode() {
  apply();
  darkQuery?.addEventListener('change', () => {
    if (mode === 'system') apply();
  });
}

export function setColorMode(next: ColorMode) {
  mode = next;
  try {
    if (next === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, next);
  } catch {
    // Private modes may refuse storage; the choice still holds for this visit.
  }
  apply();
}

/** The top bar's quick switch: the other of what is showing, chosen explicitly. */
export function toggleColorMode() {
  setColorMode(resolved() === 'dark' ? 'light' : 'dark');
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What is showing now. */
export function useColorMode(): ResolvedColorMode {
  return useSyncExternalStore(subscribe, resolved);
}

/** What the user chose. */
export function useColorModeChoice(): ColorMode {
  return useSyncExternalStore(subscribe, () => mode);
}
