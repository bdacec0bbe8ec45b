import { fileKeysOf, type MediaRecord } from '../../data/media.repo.js';

/** An image as every surface shows it: its row and where its two files are served. */
export interface HydratedMedia {
  record: MediaRecord;
  /** The original; a path on this server (`/media/…`) unless MEDIA_PUBLIC_URL names another host. */
  url: string;
  previewUrl: string;
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
