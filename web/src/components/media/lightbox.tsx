import { Dialog } from '@base-ui/react/dialog';
import type { MediaAttachment } from '@sync/contract';
import { ChevronLeft, ChevronRight, ExternalLink, X, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { mediaStrings as t } from './strings';
import { pan, pinch, toggleZoom, UNZOOMED, zoomByKey, type Point, type View } from './zoom';

/** How far a finger must travel sideways, in CSS pixels, to mean "the next image". */
const SWIPE_DISTANCE = 50;
/** How far a finger must pull the image down to close the lightbox. */
const CLOSE_DISTANCE = 100;
/** A press that moves less than this is a tap. */
const TAP_SLOP = 10;
/** Two taps within this many milliseconds and `TAP_SLOP * 3` pixels of each other are a double tap. */
const DOUBLE_TAP_MS = 350;

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
 * An image at its full size with its description, over a black backdrop: ← and → (or the buttons, or a
 * sideways swipe) go through the post's images, round from the last to the first; Escape, Close or a
 * downward swipe close it. A double tap (or click) or a pinch zooms, and so do Zoom in / Zoom out and
 * + and −, with the arrows moving a zoomed image; "Open original" shows the file.
 */
export default function Lightbox({ media, open, index, onIndexChange, onClose, finalFocus }: Props) {
  const current = media[Math.min(index, media.length - 1)];
  const several = media.length > 1;
  const go = (step: number) => onIndexChange((index + step + media.length) % media.length);
  /** The shown image's own keys (its zoom), asked first. */
  const zoomKeys = useRef<ZoomKeys | null>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (zoomKeys.current?.(event.key)) {
      event.preventDefault();
      return;
    }
    if (!several) return;
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else return;
    event.preventDefault();
  };

  if (!current) return null;

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        {/* Opaque: the page does not show through around the image. */}
        <Dialog.Backdrop
          data-testid="lightbox-backdrop"
          className="fixed inset-0 z-40 bg-black transition-opacity duration-150 data-starting-style:opacity-0 data-ending-style:opacity-0"
        />
        <Dialog.Popup
          finalFocus={finalFocus}
          onKeyDown={onKeyDown}
          className="fixed inset-0 z-50 flex flex-col text-white outline-none transition-opacity duration-150 data-starting-style:opacity-0 data-ending-style:opacity-0"
        >
          <div className="flex items-center justify-between gap-3 p-3">
            <Dialog.Title className="text-sm font-semibold">
              {t.lightboxTitle(index + 1, media.length)}
            </Dialog.Title>
            <div className="flex items-center gap-2">
              <a
                href={current.url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex h-11 items-center gap-2 rounded-full bg-black/60 px-4 text-sm font-semibold text-white hover:bg-black/80 focus-ring"
              >
                <ExternalLink className="size-4" aria-hidden="true" />
                {t.openOriginal}
              </a>
              <Dialog.Close aria-label={t.close} title={t.close} className={control}>
                <X className="size-5" aria-hidden="true" />
              </Dialog.Close>
            </div>
          </div>
          <div className="relative min-h-0 flex-1">
            {/* Keyed: another image starts unzoomed. */}
            <ZoomableImage
              key={current.id}
              media={current}
              onSwipe={several ? go : undefined}
              onPullDown={onClose}
              keysRef={zoomKeys}
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

type Gesture =
  | { kind: 'press'; from: Point; start: View; touch: boolean }
  | { kind: 'pinch'; centre: Point; distance: number; start: View }
  /** A pinch lost a finger: nothing more until every finger is up. */
  | { kind: 'ended' };

/** Handles a key if it is the image's (its zoom); says whether it did. */
type ZoomKeys = (key: string) => boolean;

/**
 * The image and its gestures, each from the pointers on it (a mouse, a finger, two fingers): a pinch
 * zooms, a drag moves a zoomed image, a double tap zooms in or out. Unzoomed, a finger's sideways swipe
 * goes to another image and a downward one closes (the image follows the finger down meanwhile).
 */
function ZoomableImage({
  media,
  onSwipe,
  onPullDown,
  keysRef,
}: {
  media: MediaAttachment;
  onSwipe: ((step: number) => void) | undefined;
  onPullDown: () => void;
  keysRef: RefObject<ZoomKeys | null>;
}) {
  const [view, setView] = useState<View>(UNZOOMED);
  const [pull, setPull] = useState(0);
  const [moving, setMoving] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);

  /** A point on the screen, measured from the image's centre (the layer centres it). */
  const fromCentre = (event: PointerEvent): Point => {
    const frame = event.currentTarget.getBoundingClientRect();
    return {
      x: event.clientX - (frame.left + frame.width / 2),
      y: event.clientY - (frame.top + frame.height / 2),
    };
  };
  const size = () => ({ width: image.current?.offsetWidth ?? 0, height: image.current?.offsetHeight ?? 0 });
  const twoFingers = () => {
    const [a, b] = [...pointers.current.values()];
    if (!a || !b) return null;
    return { centre: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, distance: Math.hypot(a.x - b.x, a.y - b.y) };
  };

  const onPointerDown = (event: PointerEvent) => {
    const point = fromCentre(event);
    pointers.current.set(event.pointerId, point);
    setMoving(true);
    const fingers = twoFingers();
    if (pointers.current.size === 1)
      gesture.current = {
        kind: 'press',
        from: point,
        start: view,
        touch: event.pointerType !== 'mouse',
      };
    else if (pointers.current.size === 2 && fingers && fingers.distance > 0) {
      gesture.current = { kind: 'pinch', ...fingers, start: view };
      setPull(0);
    }
  };

  const onPointerMove = (event: PointerEvent) => {
    if (!pointers.current.has(event.pointerId)) return;
    const point = fromCentre(event);
    pointers.current.set(event.pointerId, point);
    const now = gesture.current;
    if (now?.kind === 'pinch') {
      const fingers = twoFingers();
      if (fingers)
        setView(pinch(now.start, now.centre, now.distance, fingers.centre, fingers.distance, size()));
    } else if (now?.kind === 'press') {
      const by = { x: point.x - now.from.x, y: point.y - now.from.y };
      if (now.start.scale > 1) setView(pan(now.start, by, size()));
      else if (now.touch) setPull(by.y > Math.abs(by.x) ? by.y : 0);
    }
  };

  const onPointerUp = (event: PointerEvent) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const ended = gesture.current;
    if (pointers.current.size > 0) {
      if (ended?.kind === 'pinch') gesture.current = { kind: 'ended' };
      return;
    }
    gesture.current = null;
    setMoving(false);
    setPull(0);
    if (ended?.kind !== 'press') return;
    const point = fromCentre(event);
    const dx = point.x - ended.from.x;
    const dy = point.y - ended.from.y;
    if (Math.hypot(dx, dy) < TAP_SLOP) {
      const previous = lastTap.current;
      if (
        previous &&
        event.timeStamp - previous.at < DOUBLE_TAP_MS &&
        Math.hypot(point.x - previous.point.x, point.y - previous.point.y) < TAP_SLOP * 3
      ) {
        lastTap.current = null;
        setView(toggleZoom(view, point, size()));
      } else lastTap.current = { at: event.timeStamp, point };
      return;
    }
    if (ended.start.scale > 1 || !ended.touch) return;
    if (dy >= CLOSE_DISTANCE && dy > Math.abs(dx)) onPullDown();
    else if (onSwipe && Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy))
      onSwipe(dx < 0 ? 1 : -1);
  };

  useEffect(() => {
    keysRef.current = (key) => {
      const next = zoomByKey(view, key, size());
      if (next) setView(next);
      return next !== null;
    };
    return () => {
      keysRef.current = null;
    };
  });
  const zoomed = view.scale > 1;

  const onPointerCancel = () => {
    pointers.current.clear();
    gesture.current = null;
    setMoving(false);
    setPull(0);
  };

  return (
    <>
      {/* touch-none: the page neither scrolls nor zooms under the fingers; the gestures are the image's. */}
      <div
        className="absolute inset-0 flex touch-none items-center justify-center overflow-hidden px-2 select-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        data-testid="lightbox-stage"
      >
        <img
          ref={image}
          src={media.url}
          width={media.width}
          height={media.height}
          alt={media.description}
          decoding="async"
          draggable={false}
          className={`max-h-full max-w-full object-contain ${moving ? '' : 'transition-transform duration-150'} ${zoomed ? 'cursor-grab' : 'cursor-zoom-in'}`}
          style={{
            transform: `translate(${view.x}px, ${view.y + pull}px) scale(${view.scale})`,
            opacity: 1 - Math.min(pull / (CLOSE_DISTANCE * 3), 0.5),
          }}
        />
      </div>
      {/* Beside the stage, not on it: a press here is no tap of the image. */}
      <button
        type="button"
        aria-label={zoomed ? t.zoomOut : t.zoomIn}
        title={zoomed ? t.zoomOut : t.zoomIn}
        onClick={() => setView(toggleZoom(view, { x: 0, y: 0 }, size()))}
        className={`${control} absolute right-3 bottom-3`}
      >
        {zoomed ? (
          <ZoomOut className="size-5" aria-hidden="true" />
        ) : (
          <ZoomIn className="size-5" aria-hidden="true" />
        )}
      </button>
    </>
  );
}
