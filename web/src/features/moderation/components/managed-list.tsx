import type { UseQueryResult } from '@tanstack/react-query';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { EmptyState, ErrorState } from '../../../components/ui/error-state';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { toastError } from '../../../lib/toast';
import { strings } from './strings';

/**
 * Removing an item of a managed list after asking. `ask(item)` opens the dialog about it (the item stays
 * set while the dialog closes, so its title does not blank out); `removed(message)` says what was done
 * and, the item's buttons being gone with it, hands focus to the list's heading once the dialog has
 * handed it back; `failed(title, error)` closes the dialog and tells why in a toast.
 */
export function useConfirmedRemoval<T>() {
  const [asked, setAsked] = useState<T | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  return {
    asked,
    confirming,
    setConfirming,
    said,
    setSaid,
    heading,
    ask: (item: T) => {
      setAsked(item);
      setSaid('');
      setConfirming(true);
    },
    removed: (message: string) => {
      setConfirming(false);
      setSaid(message);
      requestAnimationFrame(() => heading.current?.focus());
    },
    failed: (title: string, error: Error) => {
      setConfirming(false);
      toastError(title, error.message);
    },
  };
}

/**
 * A list the moderators manage, under its heading (`headingRef` takes focus after a removal), with what
 * was last done said above it: a skeleton while it loads, the error with Retry, `empty`, or the items.
 */
export function ManagedList<T>({
  id,
  title,
  headingRef,
  said,
  query,
  empty,
  children,
}: {
  id: string;
  title: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  said: string;
  query: UseQueryResult<T[]>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 px-4 py-5">
      <h2 id={id} ref={headingRef} tabIndex={-1} className="text-base font-bold focus-ring">
        {title}
      </h2>
      <p role="status" className="text-sm text-zinc-700 empty:hidden dark:text-zinc-300">
        {said}
      </p>
      {query.isPending ? (
        <ListSkeleton count={2} label={strings.loading(title)} />
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        children(query.data)
      )}
    </section>
  );
}
