import { Toast } from '@base-ui/react/toast';

/** One manager for the whole app, so mutation callbacks outside components can raise toasts. */
export const toastManager = Toast.createToastManager();

export const TOAST_TIMEOUT = 4000;

type ToastOptions = Parameters<typeof toastManager.add>[0];

// The toaster is loaded lazily; toasts raised before it listens wait here instead of being lost.
let ready = false;
const pending: ToastOptions[] = [];

function add(options: ToastOptions) {
  if (ready) toastManager.add(options);
  else pending.push(options);
}

export function markToasterReady() {
  ready = true;
  for (const options of pending.splice(0)) toastManager.add(options);
}

export function toastSuccess(title: string, description?: string) {
  add({ title, description, type: 'success', timeout: TOAST_TIMEOUT });
}

export function toastError(title: string, description?: string) {
  add({ title, description, type: 'error', timeout: TOAST_TIMEOUT, priority: 'high' });
}
