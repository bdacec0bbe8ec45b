import type { MediaAttachment } from '@sync/contract';
import { useId, useState, type CSSProperties, type Ref } from 'react';
import { useBlurhash } from './blurhash';
import { mediaStrings as t } from './strings';

/** Where the focal point puts the visible part of a cropped image (Mastodon's focus: y = 1 is the top). */
export function objectPosition({ x, y }: MediaAttachment['focus']): string {
  const percent = (value: number) => `${Math.round(((value + 1) / 2) * 100)}%`;
  return `${percent(x)} ${percent(-y)}`;
}

/** 24 px tall: WCAG 2.2's smallest touch target, which the ALT button is. */
const badge =
  'inline-flex h-6 items-center rounded bg-black/75 px-1.5 text-[11px] font-bold tracking-wide text-white uppercase';

type Props = {
  media: MediaAttachment;
  position: number;
  count: number;
  /** Covered (sensitive, not yet shown): only the blurhash is drawn, and nothing is loaded. */
  covered: boolean;
  /** The grid has come on screen: the preview loads (until then the blurhash, and the description). */
  seen: boolean;
  /** The still first frame of an animated image instead of its motion (prefers-reduced-motion). */
  still: boolean;
  className?: string;
  buttonRef?: Ref<HTMLButtonElement>;
  onOpen: (opener: HTMLButtonElement) => void;
};

/**
 * One image of a grid: its blurhash until the preview has loaded, the preview cropped around its focal
 * point, a button that opens it large, and an ALT badge that shows its description in place.
 */
export function MediaTile({
  media,
  position,
  count,
  covered,
  seen,
  still,
  className = '',
  buttonRef,
  onOpen,
}: Props) {
  const blur = useBlurhash(media.blurhash);
  const [loaded, setLoaded] = useState(false);
  const [describing, setDescribing] = useState(false);
  const descriptionId = useId();
  const animatedShown = media.animated && !still;
  const style: CSSProperties = blur ? { backgroundImage: `url(${blur})`, backgroundSize: 'cover' } : {};

  return (
    <div
      className={`relative min-h-0 overflow-hidden bg-zinc-200 dark:bg-zinc-800 ${className}`}
      style={style}
      data-testid="media-tile"
    >
      {!covered && (
        <>
          <button
            ref={buttonRef}
            type="button"
            aria-label={media.description ? undefined : t.openImage(position, count)}
            onClick={(event) => onOpen(event.currentTarget)}
            className="block size-full cursor-zoom-in focus-ring-inset"
          >
            <img
              src={seen ? (animatedShown ? media.url : media.previewUrl) : undefined}
              width={animatedShown ? media.width : media.previewWidth}
              height={animatedShown ? media.height : media.previewHeight}
              alt={media.description}
              loading="lazy"
              decoding="async"
              // A preview already cached may have loaded before React listened: `complete` says so.
              ref={(img) => {
                if (img?.complete && img.naturalWidth > 0) setLoaded(true);
              }}
              onLoad={() => setLoaded(true)}
              style={{ objectPosition: objectPosition(media.focus) }}
              className={`size-full object-cover transition-opacity duration-200 motion-reduce:transition-none ${loaded ? 'opacity-100' : 'opacity-0'}`}
            />
          </button>
          <div className="pointer-events-none absolute bottom-1.5 left-1.5 flex gap-1">
            {media.description && (
              <button
                type="button"
                aria-expanded={describing}
                aria-controls={descriptionId}
                title={describing ? t.hideDescription : t.showDescription}
                onClick={() => setDescribing((open) => !open)}
                className={`${badge} pointer-events-auto focus-ring`}
              >
                {t.altBadge}
              </button>
            )}
            {media.animated && still && <span className={badge}>{t.gifBadge}</span>}
          </div>
          {describing && (
            <p
              id={descriptionId}
              className="absolute inset-x-0 top-0 max-h-[calc(100%-2.25rem)] overflow-y-auto bg-black/80 p-2 text-sm whitespace-pre-wrap text-white"
            >
              {media.description}
            </p>
          )}
        </>
      )}
    </div>
  );
}
