import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';

type Props = {
  /** The viewer's `warn` filters that matched (a post's or comment's `filtered`); none: shown as it is. */
  filtered: readonly { title: string }[] | undefined;
  children: ReactNode;
};

/**
 * What a post or comment says, behind "Filtered: <title>" and a Show anyway button when one of the
 * viewer's filters warns about it. Once shown, the text takes the button's focus, so a keyboard user
 * reads on from there.
 */
export function FilteredContent({ filtered, children }: Props) {
  const [shown, setShown] = useState(false);
  const revealed = useRef<HTMLDivElement>(null);
  const reason = useId();

  // Only the button shows it: focus moves on from the button, which is gone.
  useEffect(() => {
    if (shown) revealed.current?.focus();
  }, [shown]);

  if (!filtered || filtered.length === 0) return children;
  if (shown) {
    return (
      <div ref={revealed} tabIndex={-1} className="rounded focus-ring">
        {children}
      </div>
    );
  }
  const titles = filtered.map((filter) => filter.title).join(', ');
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm dark:border-zinc-800 dark:bg-zinc-900">
      <p id={reason} className="min-w-0 flex-1 break-words text-zinc-700 dark:text-zinc-300">
        <span className="font-medium">Filtered:</span> {titles}
      </p>
      <Button variant="secondary" size="sm" aria-describedby={reason} onClick={() => setShown(true)}>
        Show anyway
      </Button>
    </div>
  );
}
