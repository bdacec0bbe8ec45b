import { SquarePen } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { composerStrings as t } from './strings';

// The sheet (a Base UI dialog and a second composer) loads with the first press.
const ComposeSheet = lazy(() => import('./compose-sheet'));

/**
 * A floating button above the phone's tab bar that opens the composer as a sheet, from any screen and
 * however far down a list. The main column leaves room below its end, so that the last post's actions
 * can scroll clear of it (`AppLayout`).
 */
export default function ComposeButton({ sheet }: { sheet: (onPosted: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={t.newPost}
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="fixed right-4 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-20 grid size-14 place-items-center rounded-full bg-teal-700 text-white shadow-lg focus-ring hover:bg-teal-800 dark:bg-teal-600 dark:hover:bg-teal-500"
      >
        <SquarePen className="size-6" aria-hidden="true" />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <ComposeSheet open={open} onOpenChange={setOpen} finalFocus={button}>
            {sheet(() => setOpen(false))}
          </ComposeSheet>
        </Suspense>
      )}
    </>
  );
}
