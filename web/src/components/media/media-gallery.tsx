import type { MediaAttachment } from '@sync/contract';
import { EyeOff } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type CSSProperties } from 'react';
import { useMediaQuery } from '../../lib/media-query';
import { MediaTile } from './media-tile';
import { mediaStrings as t } from './strings';

// The lightbox is a Base UI dialog: it loads on the first image opened, not with the feed.
const Lightbox = lazy(() => import('./lightbox'));

/** Marks the gallery, so a click in it (on a gap, a description) does not also open the post around it. */
export const MEDIA_GALLERY_ATTRIBUTE = 'data-media-gallery';

/** One image keeps its own shape, within these bounds (width / height); several share a 16:9 frame. */
const TALLEST = 3 / 4;
const WIDEST = 2;

/** Mastodon's layouts: one; two side by side; one tall and two stacked; two by two. */
function tileClass(count: number, index: number) {
  if (count === 2 || (count === 3 && index === 0)) return 'row-span-2';
  return '';
}

function frame(media: MediaAttachment[]): { className: string; style?: CSSProperties } {
  const [only] = media;
  if (media.length === 1 && only) {
    const ratio = Math.min(WIDEST, Math.max(TALLEST, only.width / Math.max(1, only.height)));
    return { className: 'grid-cols-1 max-h-[32rem]', style: { aspectRatio: String(ratio) } };
  }
  return { className: 'aspect-video grid-cols-2 grid-rows-2' };
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
  const shown = media.slice(0, 4);
  if (shown.length === 0) return null;
  const { className, style } = frame(shown);

  const reveal = () => {
    setCovered(false);
    // The Show button goes with the cover: focus moves to the first image rather than to the page.
    requestAnimationFrame(() => firstTile.current?.focus());
  };

  return (
    <div {...{ [MEDIA_GALLERY_ATTRIBUTE]: '' }} className="relative mt-2">
      <div
        role="group"
        aria-label={t.gallery(shown.length)}
        data-layout={shown.length}
        className={`grid gap-0.5 overflow-hidden rounded-xl border border-zinc-200 dark:border-zinc-800 ${className}`}
        style={style}
      >
        {shown.map((item, index) => (
          <MediaTile
            key={item.id}
            media={item}
            position={index + 1}
            count={shown.length}
            covered={covered}
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
          className="absolute inset-0 flex flex-col items-center justify-center gap-1 rounded-xl bg-black/30 text-white focus-ring"
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
