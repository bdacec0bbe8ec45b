import { useSyncExternalStore } from 'react';

/**
 * Whether posting an image without a description asks first ("Add a description" / "Post anyway").
 * On by default; a per-device choice in Settings, kept as the colour mode is.
 */
const KEY = 'sync-alt-text-reminder';
const listeners = new Set<() => void>();

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

let enabled = stored();

export function setAltTextReminder(next: boolean) {
  enabled = next;
  try {
    if (next) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, 'off');
  } catch {
    // Private modes may refuse storage; the choice still holds for this visit.
  }
  for (const listener of listeners) listener();
}

export function isAltTextReminderOn(): boolean {
  return enabled;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAltTextReminder(): boolean {
  return useSyncExternalStore(subscribe, () => enabled);
}
