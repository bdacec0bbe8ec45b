import type { MediaAttachment } from '@sync/contract';
import type { CSSProperties } from 'react';

/** Marks the gallery, so a click in it (on a gap, a description) does not also open the post around it. */
export const MEDIA_GALLERY_ATTRIBUTE = 'data-media-gallery';

/** The most images a grid shows. */
export const GALLERY_MAX = 4;

/** The grid's own look; its placeholder, shown while the grid's code loads, has the same box. */
export const galleryGridClass =
  'grid gap-0.5 overflow-hidden rounded-xl border border-zinc-200 dark:border-zinc-800';

/** One image keeps its own shape, within these bounds (width / height); several share a 16:9 frame. */
const TALLEST = 3 / 4;
const WIDEST = 2;

/** The grid's shape, known from the images' sizes alone: the placeholder and the grid take the same room. */
export function galleryFrame(media: MediaAttachment[]): { className: string; style?: CSSProperties } {
  const [only] = media;
  if (media.length === 1 && only) {
    const ratio = Math.min(WIDEST, Math.max(TALLEST, only.width / Math.max(1, only.height)));
    return { className: 'grid-cols-1 max-h-[32rem]', style: { aspectRatio: String(ratio) } };
  }
  return { className: 'aspect-video grid-cols-2 grid-rows-2' };
}
