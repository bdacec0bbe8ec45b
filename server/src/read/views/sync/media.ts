import type { MediaAttachment } from '@sync/contract';
import type { HydratedMedia, ShownImage } from '../../hydration/media.js';

/** An image as Sync's API shows it. */
export function mediaView(image: ShownImage): MediaAttachment {
  const { record } = image;
  return {
    id: record.id,
    type: 'image',
    url: image.url,
    previewUrl: image.previewUrl,
    width: record.width,
    height: record.height,
    previewWidth: record.preview_width,
    previewHeight: record.preview_height,
    blurhash: record.blurhash,
    description: record.description,
    focus: { x: record.focus_x, y: record.focus_y },
    animated: record.animated === 1,
  };
}

/**
 * The additive `media` field of a post or a comment, and a post's `sensitive`: absent when it has no
 * images, so the spec's shapes stay as they were.
 */
export function mediaFields(
  media: readonly HydratedMedia[] | undefined,
  sensitive = false,
): { media?: MediaAttachment[]; sensitive?: true } {
  if (!media || media.length === 0) return {};
  return { media: media.map(mediaView), ...(sensitive && { sensitive: true }) };
}
