import type { ShownImage } from '../../hydration/media.js';
import type { MediaAttachment, MediaSize } from '@sync/contract/mastodon';
import type { Uris } from '../../../platform/uris/uris.js';

const sizeOf = (width: number, height: number): MediaSize => ({
  width,
  height,
  size: `${width}x${height}`,
  aspect: height === 0 ? 1 : width / height,
});

/** An image as a MediaAttachment: absolute URLs, sizes measured upright. */
export function mediaAttachmentView(image: ShownImage, urls: Uris): MediaAttachment {
  const { record } = image;
  return {
    id: record.id,
    type: 'image',
    url: urls.file(image.url, ''),
    preview_url: urls.file(image.previewUrl, ''),
    remote_url: null,
    meta: {
      original: sizeOf(record.width, record.height),
      small: sizeOf(record.preview_width, record.preview_height),
      focus: { x: record.focus_x, y: record.focus_y },
    },
    description: record.description === '' ? null : record.description,
    blurhash: record.blurhash,
  };
}
