import type { MediaAttachment } from '@sync/contract';
import { EyeOff } from 'lucide-react';
import { Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { useMediaQuery } from '../../lib/media-query';
import { GALLERY_MAX, galleryFrame, galleryGridClass, MEDIA_GALLERY_ATTRIBUTE } from './frame';
import { MediaTile } from './media-tile';
import { mediaStrings as t } from './strings';
import { lazyPart } from '../../lib/lazy';

// The lightbox is a Base UI dialog: it loads on the first image opened, not with the feed.
const Lightbox = lazyPart(() => import('./lightbox'));

/** Mastodon's layouts: one; two side by side; one tall and two stacked; two by two. */
function tileClass(count: number, index: number) {
  if (count === 2 || (count === 3 && index === 0)) return 'row-span-2';
  return '';
}

/**
 * Whether the element has come on screen (or a quarter of a screen below it): a grid's previews load
 * then, not sooner. The browser's own `loading="lazy"` loads images 1,250 to 2,500 px ahead, which on
 * a slow phone spends the first screen's bandwidth on previews below it (issue 27's budget: the first
 * screen's images under 300 KB). Without IntersectionObserver (the tests' jsdom), at once.
 */
function useSeen(element: RefObject<HTMLElement | null>) {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (seen || !target) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setSeen(true),
      { rootMargin: '0px 0px 25% 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, seen]);
  return seen;
}

type Props = {
  media: MediaAttachment[];
  /** The author marked the images sensitive: hidden behind their blurhash until the reader asks. */
  sensitive?: boolean;
};

/** A post's or a comment's images: a grid of previews, opened large in a lightbox. */
export function MediaGallery({ media, sensitive = false }: Props) {
  const [covered, setCovered] = useState(sensitive);
  const [lightbox, setLightbox] = useState<{ open: boolean; index: number } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const firstTile = useRef<HTMLButtonElement>(null);
  const still = useMediaQuery('(prefers-reduced-motion: reduce)');
  const grid = useRef<HTMLDivElement>(null);
  const seen = useSeen(grid);
  const shown = media.slice(0, GALLERY_MAX);
  if (shown.length === 0) return null;
  const { className, style } = galleryFrame(shown);

  const reveal = () => {
    setCovered(false);
    // The Show button goes with the cover: focus moves to the first image rather than to the page.
    requestAnimationFrame(() => firstTile.current?.focus());
  };

  return (
    <div {...{ [MEDIA_GALLERY_ATTRIBUTE]: '' }} className="relative mt-2">
      <div
        ref={grid}
        role="group"
        aria-label={t.gallery(shown.length)}
        data-layout={shown.length}
        className={`${galleryGridClass} ${className}`}
        style={style}
      >
        {shown.map((item, index) => (
          <MediaTile
            key={item.id}
            media={item}
            position={index + 1}
            count={shown.length}
            covered={covered}
            seen={seen}
            still={still}
            className={tileClass(shown.length, index)}
            buttonRef={index === 0 ? firstTile : undefined}
            onOpen={(button) => {
              opener.current = button;
              setLightbox({ open: true, index });
            }}
          />
        ))}
      </div>
      {covered ? (
        <button
          type="button"
          onClick={reveal}
          className="absolute inset-0 flex flex-col items-center justify-center gap-1 rounded-xl bg-black/70 text-white focus-ring"
        >
          <span className="text-sm font-semibold">{t.sensitive}</span>{' '}
          <span className="rounded-full bg-black/70 px-3 py-1 text-sm font-semibold">{t.show}</span>
        </button>
      ) : (
        sensitive && (
          <button
            type="button"
            aria-label={t.hideSensitive}
            title={t.hideSensitive}
            onClick={() => setCovered(true)}
            className="absolute top-1.5 right-1.5 rounded-full bg-black/70 p-1.5 text-white focus-ring"
          >
            <EyeOff className="size-4" aria-hidden="true" />
          </button>
        )
      )}
      {lightbox && (
        <Suspense fallback={null}>
          <Lightbox
            media={shown}
            open={lightbox.open}
            index={lightbox.index}
            onIndexChange={(index) => setLightbox({ open: true, index })}
            onClose={() => setLightbox((old) => old && { ...old, open: false })}
            finalFocus={opener}
          />
        </Suspense>
      )}
    </div>
  );
}

/** For `lazy()`: the grid loads with the first post that has images (`LazyMediaGallery`). */
export default MediaGallery;
