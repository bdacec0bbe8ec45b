import type { ReactNode } from 'react';

/**
 * The controls the demo's shared guest may not use (decision 100), disabled, with why beside them:
 * the fieldset is described by the reason, so each control says it.
 */
export function SharedGuestLock({
  locked,
  id,
  why,
  children,
}: {
  locked: boolean;
  id: string;
  why: string;
  children: ReactNode;
}) {
  return (
    <>
      {locked && (
        <p id={id} className="text-sm text-zinc-700 dark:text-zinc-300">
          {why}
        </p>
      )}
      <fieldset disabled={locked} aria-describedby={locked ? id : undefined} className="contents">
        {children}
      </fieldset>
    </>
  );
}
