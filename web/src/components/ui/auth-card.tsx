import type { ReactNode } from 'react';

/** The card of the screens outside the app's frame: logging in, joining, the welcome, an app's consent page. */
export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 px-4 py-10 dark:bg-zinc-950">
      <div className="w-full max-w-md">
        <p className="mb-6 text-center text-3xl font-extrabold tracking-tight text-teal-700 dark:text-teal-400">
          Sync
        </p>
        <div className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
          <h1 className="mb-6 text-center text-2xl font-bold text-zinc-900 dark:text-zinc-50">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}

/** A form-level error: a live region, so it is announced once when it appears. */
export function FormError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      id={id}
      role="alert"
      className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-300"
    >
      {message}
    </p>
  );
}

/** Why the user is on this page (the session expired, the account was deleted). */
export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-200"
    >
      {children}
    </p>
  );
}
