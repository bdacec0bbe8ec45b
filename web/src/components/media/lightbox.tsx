import { Dialog } from '@base-ui/react/dialog';
import type { MediaAttachment } from '@sync/contract';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useRef, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { mediaStrings as t } from './strings';

/** How far a finger must travel sideways, in CSS pixels, to mean "the next image". */
const SWIPE_DISTANCE = 50;

const control =
  'inline-flex size-11 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 focus-ring';

type Props = {
  media: MediaAttachment[];
  open: boolean;
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** The image's button it was opened from, which has focus again when it closes. */
  finalFocus: RefObject<HTMLElement | null>;
};

/**
 * An image at its full size with its description, over a dark backdrop: ← and → (or the buttons, or a
 * swipe) go through the post's images, round from the last to the first; Escape closes it.
 */
export default function Lightbox({ media, open, index, onIndexChange, onClose, finalFocus }: Props) {
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const current = media[Math.min(index, media.length - 1)];
  const several = media.length > 1;
  const go = (step: number) => onIndexChange((index + step + media.length) % media.length);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!several) return;
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') swipe.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || !several) return;
    const dx = event.clientX - start.x;
    // Mostly sideways: a vertical drag is the page's, not a swipe.
    if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > Math.abs(event.clientY - start.y))
      go(dx < 0 ? 1 : -1);
  };

  if (!current) return null;

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Backdrop className="fixed inset-0 z-40 bg-black/90 transition-opacity duration-150 data-starting-style:opacity-0 data-ending-style:opacity-0" />
        <Dialog.Popup
          finalFocus={finalFocus}
          onKeyDown={onKeyDown}
          className="fixed inset-0 z-50 flex flex-col text-white outline-none transition-opacity duration-150 data-starting-style:opacity-0 data-ending-style:opacity-0"
        >
          <div className="flex items-center justify-between gap-3 p-3">
            <Dialog.Title className="text-sm font-semibold">
              {t.lightboxTitle(index + 1, media.length)}
            </Dialog.Title>
            <Dialog.Close aria-label={t.close} title={t.close} className={control}>
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div
            className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 select-none"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipe.current = null)}
            data-testid="lightbox-stage"
          >
            <img
              key={current.id}
              src={current.url}
              width={current.width}
              height={current.height}
              alt={current.description}
              decoding="async"
              draggable={false}
              className="max-h-full max-w-full object-contain"
            />
            {several && (
              <>
                <button
                  type="button"
                  aria-label={t.previous}
                  title={t.previous}
                  onClick={() => go(-1)}
                  className={`${control} absolute left-3 top-1/2 -translate-y-1/2`}
                >
                  <ChevronLeft className="size-6" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  aria-label={t.next}
                  title={t.next}
                  onClick={() => go(1)}
                  className={`${control} absolute right-3 top-1/2 -translate-y-1/2`}
                >
                  <ChevronRight className="size-6" aria-hidden="true" />
                </button>
              </>
            )}
          </div>
          <Dialog.Description
            className={`mx-auto max-h-[30vh] w-full max-w-2xl overflow-y-auto p-4 text-sm whitespace-pre-wrap ${current.description ? 'text-zinc-100' : 'text-zinc-400 italic'}`}
          >
            {current.description || t.noDescription}
          </Dialog.Description>
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
