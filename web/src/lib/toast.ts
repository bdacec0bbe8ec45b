import { Toast } from '@base-ui/react/toast';

/** One manager for the whole app, so mutation callbacks outside components can raise toasts. */
export const toastManager = Toast.createToastManager();

export const TOAST_TIMEOUT = 4000;

export function toastSuccess(title: string, description?: string) {
  toastManager.add({ title, description, type: 'success', timeout: TOAST_TIMEOUT });
}

export function toastError(title: string, description?: string) {
  toastManager.add({ title, description, type: 'error', timeout: TOAST_TIMEOUT, priority: 'high' });
}
