import { fileKeysOf, type MediaRecord } from '../../data/media.repo.js';

/** What every surface shows of an image besides where its files are. */
export type ImageFields = Pick<
  MediaRecord,
  | 'id'
  | 'width'
  | 'height'
  | 'preview_width'
  | 'preview_height'
  | 'blurhash'
  | 'description'
  | 'focus_x'
  | 'focus_y'
  | 'animated'
>;

/** An image as every surface shows it: what it is and where its two files are served. */
export interface ShownImage {
  record: ImageFields;
  /** The original: a path on this server, or an absolute URL. */
  url: string;
  previewUrl: string;
}

/** An uploaded image: its row and where its two files are served. */
export interface HydratedMedia extends ShownImage {
  record: MediaRecord;
  /** The original; a path on this server (`/media/…`) unless MEDIA_PUBLIC_URL names another host. */
  url: string;
}

/** Where a media row's files are served, under MEDIA_PUBLIC_URL (`/media` by default). */
export function mediaUrlsOf(publicUrl: string, record: Pick<MediaRecord, 'key' | 'extension'>) {
  const files = fileKeysOf(record);
  return { url: `${publicUrl}/${files.original}`, previewUrl: `${publicUrl}/${files.preview}` };
}

export const hydrateMedia =
  (publicUrl: string) =>
  (record: MediaRecord): HydratedMedia => ({
    record,
    ...mediaUrlsOf(publicUrl, record),
  });
