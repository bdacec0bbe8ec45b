import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from './button';

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-4 py-10 text-center">
      <AlertCircle className="size-8 text-red-600 dark:text-red-400" aria-hidden="true" />
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="px-4 py-12 text-center text-sm text-zinc-600 dark:text-zinc-400">{children}</p>;
}

/**
 * A page with nothing to show (unknown route or profile, deleted post): the reason and a way back
 * home; `title` is the page's h1 where the screen has none of its own.
 */
export function MissingPage({ message, title }: { message: string; title?: string }) {
  return (
    <div className="px-4 py-12 text-center text-sm text-zinc-600 dark:text-zinc-400">
      {title && <h1 className="mb-2 text-xl font-bold text-zinc-900 dark:text-zinc-50">{title}</h1>}
      <p>{message}</p>
      <Link
        to="/"
        className="mt-3 inline-block font-semibold text-teal-700 hover:underline focus-ring dark:text-teal-400"
      >
        Back to Home
      </Link>
    </div>
  );
}
