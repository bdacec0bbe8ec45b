import type { MediaAttachment, MediaConfiguration } from '@sync/contract';

/** What an instance takes, as `GET /api/instance` says it by default (issue 27). */
export const mediaConfiguration: MediaConfiguration = {
  maxPerPost: 4,
  maxBytes: 16 * 1024 * 1024,
  maxPixels: 33_177_600,
  descriptionMax: 1500,
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
};

/** An uploaded image as the server answers it; `id` names its files, the rest can be given. */
export function mediaAttachment(id: string, fields: Partial<MediaAttachment> = {}): MediaAttachment {
  return {
    id,
    type: 'image',
    url: `http://localhost/media/${id}.webp`,
    previewUrl: `http://localhost/media/${id}-small.webp`,
    width: 1200,
    height: 800,
    previewWidth: 640,
    previewHeight: 427,
    blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
    description: '',
    focus: { x: 0, y: 0 },
    animated: false,
    ...fields,
  };
}
