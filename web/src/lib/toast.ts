import { Toast } from '@base-ui/react/toast';
import { useSyncExternalStore } from 'react';

/** One manager for the whole app, so mutation callbacks outside components can raise toasts. */
export const toastManager = Toast.createToastManager();

export const TOAST_TIMEOUT = 4000;

type ToastOptions = Parameters<typeof toastManager.add>[0];

// The toaster loads once the first screen has settled (preloadToaster), so that a failure later, the
// server gone by then, still has it; toasts raised before it listens wait here instead of being lost.
let ready = false;
let wanted = false;
const pending: ToastOptions[] = [];
const wantListeners = new Set<() => void>();

/** Mounts the toaster (loading its code) if it is not yet. */
export function preloadToaster() {
  if (wanted) return;
  wanted = true;
  for (const listener of wantListeners) listener();
}

function add(options: ToastOptions) {
  if (ready) return toastManager.add(options);
  pending.push(options);
  preloadToaster();
}

/** Whether the toaster is wanted: preloaded, or a toast raised already. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      wantListeners.add(listener);
      return () => wantListeners.delete(listener);
    },
    () => wanted,
  );
}

export function markToasterReady() {
  ready = true;
  for (const options of pending.splice(0)) toastManager.add(options);
}

/** A button in the toast that takes back what it reports (Undo). */
export type ToastAction = { label: string; onClick: () => void };

/** A toast with an action stays up longer: there is time to read it and reach its button. */
export const ACTION_TOAST_TIMEOUT = 8000;

export function toastSuccess(title: string, description?: string, action?: ToastAction) {
  add({
    title,
    description,
    type: 'success',
    timeout: action ? ACTION_TOAST_TIMEOUT : TOAST_TIMEOUT,
    actionProps: action && { children: action.label, onClick: action.onClick },
  });
}

export function toastError(title: string, description?: string) {
  add({ title, description, type: 'error', timeout: TOAST_TIMEOUT, priority: 'high' });
}
