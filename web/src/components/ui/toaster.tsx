import { Toast } from '@base-ui/react/toast';
import { CheckCircle2, CircleAlert, X } from 'lucide-react';
import { useEffect } from 'react';
import { markToasterReady, TOAST_TIMEOUT, toastManager } from '../../lib/toast';

function ToastList() {
  const { toasts } = Toast.useToastManager();
  return toasts.map((toast) => (
    <Toast.Root
      key={toast.id}
      toast={toast}
      className="pointer-events-auto flex w-full items-start gap-3 rounded-xl border border-zinc-200 bg-white p-4 text-zinc-900 shadow-lg transition-all duration-200 data-ending-style:translate-y-2 data-ending-style:opacity-0 data-starting-style:translate-y-2 data-starting-style:opacity-0 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      {toast.type === 'error' ? (
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-600 dark:text-red-400" aria-hidden="true" />
      ) : (
        <CheckCircle2
          className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400"
          aria-hidden="true"
        />
      )}
      <Toast.Content className="min-w-0 flex-1">
        <Toast.Title className="text-sm font-semibold" />
        <Toast.Description className="mt-0.5 text-sm whitespace-pre-line text-zinc-600 dark:text-zinc-300" />
        {toast.actionProps && (
          <Toast.Action
            className="mt-2 rounded-full border border-zinc-300 px-3 py-1 text-sm font-semibold text-teal-800 hover:bg-zinc-100 focus-ring dark:border-zinc-600 dark:text-teal-300 dark:hover:bg-zinc-800"
            onClick={() => toastManager.close(toast.id)}
          />
        )}
      </Toast.Content>
      <Toast.Close
        aria-label="Close notification"
        className="-m-1 rounded-md p-1 text-zinc-500 hover:bg-zinc-100 focus-ring dark:text-zinc-400 dark:hover:bg-zinc-800"
      >
        <X className="size-4" aria-hidden="true" />
      </Toast.Close>
    </Toast.Root>
  ));
}

/** Loaded lazily; toasts are raised through the shared manager from anywhere. */
export default function Toaster() {
  // Runs after the provider below has subscribed to the manager.
  useEffect(markToasterReady, []);
  return (
    <Toast.Provider toastManager={toastManager} timeout={TOAST_TIMEOUT} limit={4}>
      <Toast.Portal>
        <Toast.Viewport
          data-toasts=""
          className="pointer-events-none fixed right-4 bottom-4 z-[60] flex w-[calc(100vw-2rem)] flex-col gap-2 sm:w-96"
        >
          <ToastList />
        </Toast.Viewport>
      </Toast.Portal>
    </Toast.Provider>
  );
}
