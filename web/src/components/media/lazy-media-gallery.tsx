import type { MediaAttachment } from '@sync/contract';
import { Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { GALLERY_MAX, galleryFrame, galleryGridClass, MEDIA_GALLERY_ATTRIBUTE } from './frame';
import { lazyPart } from '../../lib/lazy';

// The grid (its tiles, the blurhash, the ALT badges) loads when the first post with images comes near
// the screen, not with the first screen (decision 040's budget); until then an empty frame of the
// grid's shape holds its place, so nothing moves when it comes.
const MediaGallery = lazyPart(() => import('./media-gallery'));

/**
 * Whether the grid's code is wanted: once one frame has come near the screen, every grid is drawn (its
 * descriptions and buttons there for a screen reader), each loading its images when it is seen. Without
 * IntersectionObserver (the tests' jsdom) at once.
 */
let wanted = typeof IntersectionObserver === 'undefined';
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const isWanted = () => wanted;
function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

type Props = { media: MediaAttachment[]; sensitive?: boolean };

/** A post's or a comment's images (`MediaGallery`), its code loaded when one is first about to be seen. */
export function LazyMediaGallery({ media, sensitive }: Props) {
  const shown = useSyncExternalStore(subscribe, isWanted, isWanted);
  const frameRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = frameRef.current;
    if (shown || !element) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && want(),
      // Half a screen ahead: the code is usually there before a grid scrolls in.
      { rootMargin: '50% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);

  if (media.length === 0) return null;
  const { className, style } = galleryFrame(media.slice(0, GALLERY_MAX));
  const placeholder = (
    <div ref={frameRef} {...{ [MEDIA_GALLERY_ATTRIBUTE]: '' }} className="relative mt-2">
      <div
        className={`${galleryGridClass} bg-zinc-200 dark:bg-zinc-800 ${className}`}
        style={style}
        data-testid="media-placeholder"
      />
    </div>
  );
  if (!shown) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <MediaGallery media={media} sensitive={sensitive} />
    </Suspense>
  );
}
