import { SquarePen } from 'lucide-react';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { composerStrings as t } from './strings';
import { lazyPart } from '../../../lib/lazy';

// The sheet (a Base UI dialog and a second composer) loads with the first press.
const ComposeSheet = lazyPart(() => import('./compose-sheet'));

/** Scrolls shorter than this (a finger's jitter, a list growing) do not move the button. */
const SCROLL_SLOP = 8;

/**
 * Whether the button is out of the way: while one scrolls down (reading, with the photos under where
 * it floats) it steps aside; scrolling up, or reaching the end of the page, brings it back.
 */
function useSteppedAside() {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const now = window.scrollY;
      const atEnd = now + window.innerHeight >= document.documentElement.scrollHeight - 2;
      if (atEnd || now <= 0) setAside(false);
      else if (Math.abs(now - last) >= SCROLL_SLOP) setAside(now > last);
      else return;
      last = now;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return [aside, () => setAside(false)] as const;
}

/**
 * A floating button above the phone's tab bar that opens the composer as a sheet, from any screen and
 * however far down a list. The main column leaves room below its end, so that the last post's actions
 * can scroll clear of it (`AppLayout`).
 */
export default function ComposeButton({
  sheet,
}: {
  /** The composer for the sheet, given what to do once posted and the sheet's Close button. */
  sheet: (onPosted: () => void, close: ReactNode) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [aside, comeBack] = useSteppedAside();
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
        // Reached by keyboard while aside, it comes back to be seen.
        onFocus={comeBack}
        className={`fixed right-4 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-20 grid size-14 place-items-center rounded-full bg-teal-700 text-white shadow-lg transition-[translate,opacity] duration-200 focus-ring hover:bg-teal-800 dark:bg-teal-600 dark:hover:bg-teal-500 ${aside ? 'pointer-events-none translate-y-[calc(100%+6rem)] opacity-0' : ''}`}
      >
        <SquarePen className="size-6" aria-hidden="true" />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <ComposeSheet open={open} onOpenChange={setOpen} finalFocus={button}>
            {(close) => sheet(() => setOpen(false), close)}
          </ComposeSheet>
        </Suspense>
      )}
    </>
  );
}
